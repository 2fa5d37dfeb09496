import Foundation

struct Contact: Hashable, Sendable {
    let id: Int
    var name: String
    var email: String
}

enum ContactSaveError: Error {
    case emptyName
    case invalidEmail
}

// 보관소: 비동기로 읽고 씁니다. 실제 앱이라면 이 자리에 디스크나 서버가 있습니다.
actor ContactArchive {
    private var contacts: [Int: Contact]

    init(_ contacts: [Contact]) {
        self.contacts = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
    }

    func all() async throws -> [Contact] {
        try await Task.sleep(for: .milliseconds(5)) // 네트워크 왕복 시간을 흉내 냅니다.
        return contacts.values.sorted { $0.id < $1.id }
    }

    // 도메인 규칙: 이름이 있고 이메일에 @가 있어야 저장합니다.
    func save(_ contact: Contact) async throws(ContactSaveError) {
        guard !contact.name.isEmpty else { throw .emptyName }
        guard contact.email.contains("@") else { throw .invalidEmail }
        contacts[contact.id] = contact
    }
}

let sampleContacts = [
    Contact(id: 1, name: "홍길동", email: "gildong@example.com"),
    Contact(id: 2, name: "김철수", email: "chulsoo@example.com"),
]

// ANCHOR: before-decode
import Foundation

// 모델: 타입은 규칙대로 격리되지 않지만 준수는 메인 액터에 묶입니다. 이 앱은 메인 액터에서만 쓰므로 그대로 둡니다.
struct Contact: Hashable, Sendable {
    let id: Int
    var name: String
    var email: String
}

// DTO(서버가 보내는 모양 그대로): @concurrent 디코딩 안에서 쓰므로 격리에서 뺍니다.
nonisolated struct ContactDTO: Decodable {
    let id: Int
    let fullName: String
    let email: String

    var contact: Contact { Contact(id: id, name: fullName, email: email) }
}

nonisolated struct ContactListDTO: Decodable {
    let contacts: [ContactDTO]
}

enum ContactSaveError: Error {
    case emptyName
    case invalidEmail
}

// 이 코드가 어느 격리에서 실행되는지 이름으로 돌려줍니다.
nonisolated func place(_ actor: (any Actor)?) -> String {
    guard let actor else { return "전역 동시 실행기" }
    return actor === MainActor.shared ? "메인 액터" : "보관소 액터"
}

// 보관소: 처음 읽을 때 JSON을 디코딩합니다. trace는 테스트가 실행 위치를 듣는 자리입니다.
actor ContactArchive {
    private var contacts: [Int: Contact] = [:]
    private let json: Data
    private let trace: @Sendable (String) -> Void

    init(json: Data, trace: @escaping @Sendable (String) -> Void = { _ in }) {
        self.json = json
        self.trace = trace
    }

    func all() async throws -> [Contact] {
        try await Task.sleep(for: .milliseconds(5)) // 네트워크 왕복 시간을 흉내 냅니다.
        if contacts.isEmpty {
            for contact in try await decode(json) { contacts[contact.id] = contact }
        }
        trace("보관소: \(place(#isolation))")
        return contacts.values.sorted { $0.id < $1.id }
    }

// ANCHOR_END: before-decode
// ANCHOR: decode
    // 큰 응답의 디코딩은 메인 액터도 보관소 액터도 막지 않습니다.
    @concurrent
    nonisolated func decode(_ data: Data) async throws -> [Contact] {
        trace("디코딩: \(place(#isolation))")
        return try JSONDecoder().decode(ContactListDTO.self, from: data).contacts.map(\.contact)
    }
// ANCHOR_END: decode
// ANCHOR: after-decode

    func save(_ contact: Contact) async throws(ContactSaveError) {
        guard !contact.name.isEmpty else { throw .emptyName }
        guard contact.email.contains("@") else { throw .invalidEmail }
        contacts[contact.id] = contact
    }
}

let sampleJSON = Data(#"""
{"contacts": [
  {"id": 1, "fullName": "홍길동", "email": "gildong@example.com"},
  {"id": 2, "fullName": "김철수", "email": "chulsoo@example.com"}
]}
"""#.utf8)
// ANCHOR_END: after-decode
// ANCHOR: book
let sampleContacts = [
    Contact(id: 1, name: "홍길동", email: "gildong@example.com"),
    Contact(id: 2, name: "김철수", email: "chulsoo@example.com"),
]
// 공유 모델: 모든 화면이 관찰하는 연락처 목록입니다. 저장도 이 모델을 거칩니다.
import Observation

@Observable
final class ContactBook {
    private(set) var contacts: [Contact] = []
    private let archive: ContactArchive

    init(archive: ContactArchive) {
        self.archive = archive
    }

    func reload() async throws {
        contacts = try await archive.all()
    }

    func save(_ contact: Contact) async throws(ContactSaveError) {
        try await archive.save(contact)
        if let index = contacts.firstIndex(where: { $0.id == contact.id }) {
            contacts[index] = contact // 이 모델을 읽은 화면이 모두 이 변경을 봅니다.
        }
    }

    func contact(id: Int) -> Contact? {
        contacts.first { $0.id == id }
    }
}

// 뷰 모델: UIKit을 모르고, 다음 화면이 무엇인지도 모릅니다.

struct ContactRow: Hashable, Sendable {
    let id: Int
    let text: String
}

// ANCHOR_END: book
// ANCHOR: view-model
@Observable
final class ContactListViewModel {
    private(set) var status = ""
    @ObservationIgnored var onSelect: ((Contact) -> Void)? // 코디네이터가 채웁니다.
    @ObservationIgnored private(set) var loading: Task<Void, Never>? // 테스트가 기다릴 수 있게 내놓습니다.
    private let book: ContactBook

    init(book: ContactBook) {
        self.book = book
    }

    // 행은 공유 모델에서 읽습니다. 누가 모델을 바꾸든 이 읽기를 추적한 화면이 따라갑니다.
    var rows: [ContactRow] {
        book.contacts.map { ContactRow(id: $0.id, text: $0.name) }
    }

    func appear() {
        guard loading == nil else { return } // 한 번 불러온 뒤에는 공유 모델의 변경을 따라갑니다.
        status = "불러오는 중…"
        loading = Task { await load() }
    }

    private func load() async {
        do {
            try await book.reload()
            status = ""
        } catch {
            status = "목록을 불러오지 못했습니다."
        }
    }

    // 행의 위치가 아니라 식별자를 받습니다. 테이블 뷰가 그린 뒤 모델이 바뀌어도 누른 연락처를 엽니다.
    func select(id: Int) {
        if let contact = book.contact(id: id) { onSelect?(contact) }
    }
}

// ANCHOR_END: view-model
// ANCHOR: isolation-test
// Xcode의 테스트 타깃은 기본 격리가 nonisolated이므로, 테스트 모음에는 @MainActor를 남깁니다.
@MainActor
@Suite("Xcode 26의 설정에서 일이 실행되는 곳", .timeLimit(.minutes(1)))
struct IsolationTests {
    @Test("디코딩은 메인 액터 밖에서, 보관은 보관소 액터에서, 뷰 모델은 메인 액터에서 실행된다")
    func whereWorkRuns() async {
        let (steps, record) = AsyncStream.makeStream(of: String.self)
        let archive = ContactArchive(json: sampleJSON, trace: { record.yield($0) })
        let viewModel = ContactListViewModel(book: ContactBook(archive: archive))

        viewModel.appear()
        await viewModel.loading?.value
        record.yield("뷰 모델과 테스트: \(place(#isolation))")
        record.finish()

        var seen: [String] = []
        for await step in steps { seen.append(step) }
        #expect(seen == ["디코딩: 전역 동시 실행기", "보관소: 보관소 액터", "뷰 모델과 테스트: 메인 액터"])
        #expect(viewModel.rows.map(\.text) == ["홍길동", "김철수"])
    }
}
// ANCHOR_END: isolation-test

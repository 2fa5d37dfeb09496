{{#include contacts-archive.swift}}
// 공유 모델: 모든 화면이 관찰하는 연락처 목록입니다. 저장도 이 모델을 거칩니다.
import Observation

@MainActor
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

// ANCHOR: model-head
// ANCHOR: concurrent-head
import Foundation

// 모델: 여러 액터가 함께 쓰므로 타입과 준수를 모두 격리에서 뺍니다.
// ANCHOR_END: model-head
nonisolated struct Contact: Hashable, Codable, Sendable {
    let id: Int
    var name: String
}
// ANCHOR: model-tail

// 이 코드가 어느 격리에서 실행되는지 이름으로 돌려줍니다.
nonisolated func place(_ actor: (any Actor)?) -> String {
    guard let actor else { return "전역 동시 실행기" }
    return actor === MainActor.shared ? "메인 액터" : "보관소 액터"
}

// 보관소: 자기 액터에서 실행되고, 액터 안에서 Set<Contact>를 씁니다.
actor ContactArchive {
    private var contacts: [Contact] = []
    private var favorites: Set<Contact> = []

// ANCHOR_END: concurrent-head
    // 큰 JSON의 디코딩은 메인 액터도 보관소 액터도 아닌 곳에서 합니다.
    @concurrent
    nonisolated func decode(_ data: Data) async throws -> [Contact] {
        print("디코딩: \(place(#isolation))")
        return try JSONDecoder().decode([Contact].self, from: data)
    }
// ANCHOR: concurrent-tail

    func load(_ data: Data) async throws -> [Contact] {
        contacts = try await decode(data)
        favorites = Set(contacts.prefix(1))
        print("저장: \(place(#isolation))")
        return contacts
    }

    func isFavorite(_ contact: Contact) -> Bool {
        favorites.contains(contact)
    }
}

// 뷰 모델: Xcode 26의 앱 타깃에서는 @MainActor를 적지 않아도 같은 뜻입니다.
@MainActor
final class ContactListViewModel {
    private let archive: ContactArchive
    private(set) var rows: [String] = []
    private var loading: Task<Void, Never>?

    init(archive: ContactArchive) {
        self.archive = archive
    }

    func load(_ data: Data) {
        loading = Task {
            guard let contacts = try? await archive.load(data) else { return }
            var rows: [String] = []
            for contact in contacts {
                let star = await archive.isFavorite(contact) ? "★ " : ""
                rows.append(star + contact.name)
            }
            self.rows = rows
            print("화면에 반영: \(place(#isolation))")
        }
    }

    func waitUntilLoaded() async {
        await loading?.value
    }

    // 추론에 기대지 않고 적습니다. Sendable인 Task만 취소하므로 격리가 필요 없습니다.
    nonisolated deinit {
        loading?.cancel()
    }
}

let json = Data(#"[{"id":1,"name":"홍길동"},{"id":2,"name":"김철수"}]"#.utf8)
let viewModel = ContactListViewModel(archive: ContactArchive())
viewModel.load(json)
await viewModel.waitUntilLoaded()
// ANCHOR_END: concurrent-tail
// ANCHOR_END: model-tail

// ANCHOR: model
// ANCHOR: model-head
import Observation

struct Contact: Identifiable, Hashable, Sendable {
    let id: Int
    var name: String
    var email: String
}

// 공유 모델: 여러 화면이 함께 관찰하는 연락처. 저장한 결과는 여기에 남습니다.
@MainActor
@Observable
final class ContactBook {
    private(set) var contacts: [Contact.ID: Contact]

    init(_ contacts: [Contact]) {
        self.contacts = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
    }

    func replace(_ contact: Contact) { contacts[contact.id] = contact }
}

// 경로에는 값 대신 식별자를 넣습니다. 편집 화면에는 연 차례의 번호도 넣어, 같은 연락처의 편집 화면 둘을 가립니다.
enum ContactRoute: Hashable {
    case detail(Contact.ID)
    case edit(Contact.ID, session: Int)
}

@MainActor
@Observable
final class ContactsFlow {
    var path: [ContactRoute] = [] // 내비게이션 스택이 곧 이 배열입니다.
    private var sessions = 0 // 지금까지 연 편집 화면의 수

    func show(_ id: Contact.ID) { path.append(.detail(id)) }
// ANCHOR_END: model-head
// ANCHOR: edit
    func edit(_ id: Contact.ID) {
        sessions += 1
        path.append(.edit(id, session: sessions))
    }
// ANCHOR_END: edit
// ANCHOR_END: model
// ANCHOR: finish
    // 저장을 기다리는 사이 뒤로 갔을 수 있으므로, 저장을 요청한 그 편집 화면(경로 값)이 아직 경로에 있을 때만 그 화면부터 뺍니다.
    func finishEditing(_ route: ContactRoute) {
        if let index = path.lastIndex(of: route) { path.removeSubrange(index...) }
    }
// ANCHOR_END: finish
// ANCHOR: tail
}
// ANCHOR_END: tail
// ANCHOR: run

let book = ContactBook([Contact(id: 2, name: "김철수", email: "chulsoo@example.com")])
let flow = ContactsFlow()
flow.show(2)
flow.edit(2)
let editor = flow.path[1] // 편집 화면이 받은 경로 값
book.replace(Contact(id: 2, name: "김영희", email: "younghee@example.com")) // 편집 화면의 저장
flow.finishEditing(editor)
if case .detail(let id)? = flow.path.last {
    print("돌아온 상세 화면:", book.contacts[id]?.name ?? "없음")
}
// ANCHOR_END: run
// ANCHOR: test
import Testing

@MainActor
@Test("저장을 기다리는 사이 뒤로 가면, 저장이 끝나도 상세 화면은 경로에 남는다")
func backWhileSavingKeepsTheDetail() {
    let flow = ContactsFlow()
    flow.show(2)
    flow.edit(2)
    let editor = flow.path[1]
    flow.path.removeLast() // 저장을 누른 뒤, 보관소가 답하기 전에 SwiftUI의 뒤로 버튼이 값을 뺍니다.
    flow.finishEditing(editor) // 저장이 끝났습니다.

    #expect(flow.path == [.detail(2)])
}
// ANCHOR_END: test
// ANCHOR: test-list

@MainActor
@Test("저장을 기다리는 사이 목록까지 돌아가면, 저장이 끝나도 경로를 건드리지 않는다")
func backToTheListWhileSaving() {
    let flow = ContactsFlow()
    flow.show(2)
    flow.edit(2)
    let editor = flow.path[1]
    flow.path.removeAll() // 뒤로 버튼을 두 번 눌렀습니다.
    flow.finishEditing(editor)

    #expect(flow.path.isEmpty)
}
// ANCHOR_END: test-list
// ANCHOR: test-reopen

@MainActor
@Test("저장을 기다리는 사이 뒤로 갔다가 편집 화면을 다시 열면, 저장이 끝나도 새 편집 화면은 경로에 남는다")
func backAndReopenWhileSaving() {
    let flow = ContactsFlow()
    flow.show(2)
    flow.edit(2)
    let saving = flow.path[1] // 저장을 누른 편집 화면
    flow.path.removeLast() // 보관소가 답하기 전에 뒤로 버튼
    flow.edit(2) // 편집을 다시 누릅니다.
    flow.finishEditing(saving) // 앞 저장이 끝났습니다.

    #expect(flow.path.count == 2)
    #expect(flow.path.last != saving)
}
// ANCHOR_END: test-reopen

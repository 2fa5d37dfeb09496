// ANCHOR: app
// ANCHOR: types-head
import UIKit

struct Contact: Hashable, Sendable {
    let id: Int
    var name: String
}

// 뷰 상태: 지금 무엇을 골랐고 무엇을 입력하고 있는지. 보존했다가 되살릴 수 있도록 Codable입니다.
struct ContactsViewState: Codable, Equatable {
    var selectedID: Int?
    var draftName: String? // nil이 아니면 편집 화면이 열려 있고, 이것이 지금까지 입력한 이름입니다.
}

// 뷰 상태 모델: 컨트롤러는 이것만 고치고, 바뀌었다는 알림을 받아 화면을 맞춥니다.
@MainActor
final class ViewStateStore {
    private(set) var state: ContactsViewState
    var onChange: ((ContactsViewState) -> Void)?

    init(_ state: ContactsViewState = ContactsViewState()) {
        self.state = state
    }

    func update(_ change: (inout ContactsViewState) -> Void) {
        change(&state)
        onChange?(state)
    }
}

final class ContactListViewController: UIViewController {
    let contacts: [Contact]
    let store: ViewStateStore

    init(contacts: [Contact], store: ViewStateStore) {
        self.contacts = contacts
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "연락처"
    }

    required init?(coder: NSCoder) { fatalError("코드로만 만드는 화면입니다") }

    func select(_ contact: Contact) { // 행을 누르면 뷰 상태만 고칩니다.
        store.update { $0.selectedID = contact.id }
    }
}

// ANCHOR_END: types-head
final class ContactDetailViewController: UIViewController {
// ANCHOR: detail-body
    let contact: Contact
    let store: ViewStateStore
    let editButton = UIButton(type: .system)

    init(contact: Contact, store: ViewStateStore) {
        self.contact = contact
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = contact.name
    }

    required init?(coder: NSCoder) { fatalError("코드로만 만드는 화면입니다") }

    override func viewDidLoad() {
        super.viewDidLoad()
        editButton.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            store.update { $0.draftName = self.contact.name }
        }, for: .touchUpInside)
        view.addSubview(editButton)
    }
// ANCHOR_END: detail-body
}

final class ContactEditViewController: UIViewController {
// ANCHOR: edit-body
    let store: ViewStateStore
    let nameField = UITextField()

    init(store: ViewStateStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "편집"
    }

    required init?(coder: NSCoder) { fatalError("코드로만 만드는 화면입니다") }

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            store.update { $0.draftName = self.nameField.text ?? "" } // 한 글자마다 뷰 상태로
        }, for: .editingChanged)
        view.addSubview(nameField)
    }
// ANCHOR_END: edit-body
}
// ANCHOR: root-head

// 루트 컨트롤러: 뷰 상태가 바뀔 때마다 내비게이션 스택과 텍스트 필드를 뷰 상태에 맞춥니다.
// 사용자가 스택을 줄이면 거꾸로, 전환이 끝난 스택에 맞춰 뷰 상태를 줄입니다.
@MainActor
final class ContactsRootController: NSObject, UINavigationControllerDelegate {
    let navigation: UINavigationController
    private let contacts: [Contact]
    private let store: ViewStateStore

    init(contacts: [Contact], store: ViewStateStore) {
        self.contacts = contacts
        self.store = store
        navigation = UINavigationController(rootViewController: ContactListViewController(contacts: contacts, store: store))
        super.init()
        navigation.delegate = self
        store.onChange = { [weak self] state in self?.render(state) }
        render(store.state)
    }

// ANCHOR_END: root-head
// ANCHOR: root-didshow
    // 뒤로 버튼, 기록 메뉴, 탭 바 항목 다시 누르기: 몇 단계가 빠졌든 남은 스택만 봅니다.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        let shown = navigationController.viewControllers
        let hasDetail = shown.contains { $0 is ContactDetailViewController }
        let hasEditor = shown.contains { $0 is ContactEditViewController }
        guard (!hasDetail && store.state.selectedID != nil) || (!hasEditor && store.state.draftName != nil) else { return }
        store.update { state in
            if !hasDetail { state.selectedID = nil }
            if !hasEditor { state.draftName = nil }
        }
    }

// ANCHOR_END: root-didshow
// ANCHOR: root-tail
    private func render(_ state: ContactsViewState) {
        var stack = [navigation.viewControllers[0]]
        if let id = state.selectedID, let contact = contacts.first(where: { $0.id == id }) {
            let detail = navigation.viewControllers.dropFirst().first as? ContactDetailViewController
            stack.append(detail?.contact.id == id ? detail! : ContactDetailViewController(contact: contact, store: store))
            if let draft = state.draftName {
                let editor = navigation.viewControllers.last as? ContactEditViewController
                    ?? ContactEditViewController(store: store)
                editor.loadViewIfNeeded()
                if editor.nameField.text != draft { editor.nameField.text = draft }
                stack.append(editor)
            }
        }
        if stack.map(ObjectIdentifier.init) != navigation.viewControllers.map(ObjectIdentifier.init) {
            navigation.viewControllers = stack
        }
    }
}
// ANCHOR_END: root-tail
// ANCHOR: contacts

let contacts = [Contact(id: 1, name: "홍길동"), Contact(id: 2, name: "김철수")]
// ANCHOR_END: contacts
// ANCHOR_END: app
// ANCHOR: helpers
@MainActor
func report(_ step: String, _ root: ContactsRootController) {
    let titles = root.navigation.viewControllers.map { $0.title ?? "?" }.joined(separator: " → ")
    let field = (root.navigation.topViewController as? ContactEditViewController)?.nameField.text
    print("\(step) │ \(titles)" + (field.map { " │ 텍스트 필드: \($0)" } ?? ""))
}
@MainActor
func waitUntil(_ condition: () -> Bool) async { // 전환이 끝나 viewDidDisappear가 호출될 때까지
    while !condition() { await Task.yield() }
}
// ANCHOR_END: helpers

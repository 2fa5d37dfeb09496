// ANCHOR: app
// ANCHOR: before-submit
// ANCHOR: root-head
// ANCHOR: head
// 뷰 상태: 어느 연락처를 골랐고, 편집 화면에 무엇을 입력했는지. 보존했다가 되살릴 수 있도록 Codable입니다.
struct ContactsViewState: Codable, Equatable {
    struct Draft: Codable, Equatable {
        var name: String
        var email: String
        var message = "" // 편집 화면의 안내 메시지도 뷰 상태입니다.
        var session = UUID() // 편집 화면을 열 때마다 새로 생깁니다. 저장의 답이 어느 편집 화면의 것인지 가립니다.
    }

    var selectedID: Int? // nil이 아니면 상세 화면이 열려 있습니다.
    var draft: Draft? // nil이 아니면 편집 화면이 열려 있습니다.
}

// 뷰 상태 스토어: 컨트롤러는 사용자 입력을 받으면 이것을 고치고, 화면은 이것을 읽어 맞춥니다.
@MainActor
@Observable
final class ViewStateStore {
    var state: ContactsViewState

    init(_ state: ContactsViewState = ContactsViewState()) {
        self.state = state
    }
}

import UIKit

final class ContactListViewController: UIViewController, UITableViewDelegate {
    private let book: ContactBook
    private let viewState: ViewStateStore
    let tableView = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel()
    private var dataSource: UITableViewDiffableDataSource<Int, Contact>!
    private var loading: Task<Void, Never>?

    init(book: ContactBook, viewState: ViewStateStore) {
        self.book = book
        self.viewState = viewState
        super.init(nibName: nil, bundle: nil)
        title = "연락처"
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, contact in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = contact.name
            cell.contentConfiguration = content
            return cell
        }
        tableView.delegate = self
        view.addSubview(tableView)
        view.addSubview(statusLabel)
    }

    // 처음 보일 때 한 번만 불러옵니다. 불러오는 중이라는 표시는 되살릴 까닭이 없어 이 화면에 둡니다.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard loading == nil else { return }
        statusLabel.text = "불러오는 중…"
        loading = Task {
            do {
                try await book.reload()
                statusLabel.text = ""
            } catch {
                statusLabel.text = "목록을 불러오지 못했습니다."
            }
        }
    }

    override func updateProperties() {
        super.updateProperties()
        var snapshot = NSDiffableDataSourceSnapshot<Int, Contact>()
        snapshot.appendSections([0])
        snapshot.appendItems(book.contacts)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    // 다음 화면을 만들지 않고, 뷰 상태에 고른 연락처만 적습니다.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let contact = dataSource.itemIdentifier(for: indexPath) else { return }
        viewState.state.selectedID = contact.id
    }
}

// ANCHOR_END: head
final class ContactDetailViewController: UIViewController {
// ANCHOR: detail-props
    let id: Int
    private let book: ContactBook
    private let viewState: ViewStateStore
    let summaryLabel = UILabel()
    let editButton = UIButton(type: .system)
// ANCHOR_END: detail-props
// ANCHOR: detail-init

    init(id: Int, book: ContactBook, viewState: ViewStateStore) {
        self.id = id
        self.book = book
        self.viewState = viewState
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

// ANCHOR_END: detail-init
    override func viewDidLoad() {
// ANCHOR: detail-load
        super.viewDidLoad()
        editButton.setTitle("편집", for: .normal)
        editButton.addAction(UIAction { [weak self] _ in
            guard let self, let contact = book.contact(id: id) else { return }
            viewState.state.draft = .init(name: contact.name, email: contact.email) // 편집 화면을 여는 것도 뷰 상태입니다.
        }, for: .touchUpInside)
        view.addSubview(summaryLabel)
        view.addSubview(editButton)
// ANCHOR_END: detail-load
    }
// ANCHOR: detail-update

    override func updateProperties() {
        super.updateProperties()
        guard let contact = book.contact(id: id) else { return }
        title = contact.name
        summaryLabel.text = "\(contact.name) <\(contact.email)>"
    }
// ANCHOR_END: detail-update
}
// ANCHOR: rest

final class ContactEditViewController: UIViewController {
    let id: Int
    private let book: ContactBook
    private let viewState: ViewStateStore
    let nameField = UITextField()
    let emailField = UITextField()
    let saveButton = UIButton(type: .system)
    let messageLabel = UILabel()

    init(id: Int, book: ContactBook, viewState: ViewStateStore) {
        self.id = id
        self.book = book
        self.viewState = viewState
        super.init(nibName: nil, bundle: nil)
        title = "편집"
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        saveButton.setTitle("저장", for: .normal)
        nameField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            viewState.state.draft?.name = nameField.text ?? "" // 한 글자마다 뷰 상태로
        }, for: .editingChanged)
        emailField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            viewState.state.draft?.email = emailField.text ?? ""
        }, for: .editingChanged)
        saveButton.addAction(UIAction { [weak self] _ in
            self?.save()
        }, for: .touchUpInside)
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
        emailField.accessibilityIdentifier = "이메일"
        for subview in [nameField, emailField, saveButton, messageLabel] {
            view.addSubview(subview)
        }
    }

    // 필드의 글자와 안내 메시지를 뷰 상태에 맞춥니다. 입력 중인 필드는 같은 글자면 건드리지 않습니다.
    override func updateProperties() {
        super.updateProperties()
        guard let draft = viewState.state.draft else { return }
        if nameField.text != draft.name { nameField.text = draft.name }
        if emailField.text != draft.email { emailField.text = draft.email }
        messageLabel.text = draft.message
    }

    private func save() {
        guard let draft = viewState.state.draft else { return }
        saveButton.isEnabled = false
        Task { await submit(Contact(id: id, name: draft.name, email: draft.email), from: draft.session) }
    }

// ANCHOR_END: before-submit
// ANCHOR: submit
    // 답은 저장을 보낸 편집 화면에만 적용합니다. 그사이 뒤로 갔다가 다시 연 편집 화면은 식별자가 다릅니다.
    private func submit(_ edited: Contact, from session: UUID) async {
        defer { saveButton.isEnabled = true }
        do {
            try await book.save(edited)
            guard viewState.state.draft?.session == session else { return }
            viewState.state.draft = nil // 편집 화면을 닫는 것도 뷰 상태를 고치는 일입니다.
        } catch {
            guard viewState.state.draft?.session == session else { return }
            viewState.state.draft?.message = switch error {
            case .emptyName: "이름을 입력해 주세요."
            case .invalidEmail: "이메일 주소를 확인해 주세요."
            }
        }
    }
// ANCHOR_END: submit
// ANCHOR: after-submit
}

// 루트 컨트롤러: 뷰 상태가 바뀌면 내비게이션 스택을 뷰 상태에 맞추고,
// 사용자가 스택을 줄이면 전환이 끝난 스택에 맞춰 뷰 상태를 줄입니다.
final class ContactsNavigationController: UINavigationController, UINavigationControllerDelegate {
    private let book: ContactBook
    private let viewState: ViewStateStore
    private var applied: [Int] = [] // 마지막으로 맞춘 화면: 상세는 [id], 편집까지면 [id, id]

    init(book: ContactBook, viewState: ViewStateStore) {
        self.book = book
        self.viewState = viewState
        super.init(nibName: nil, bundle: nil)
        viewControllers = [ContactListViewController(book: book, viewState: viewState)]
        delegate = self
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

// ANCHOR_END: root-head
    override func updateProperties() {
        super.updateProperties()
        let state = viewState.state
        let wanted = state.selectedID.map { id in state.draft == nil ? [id] : [id, id] } ?? []
        // 사용자가 스택을 먼저 줄였다면, 아래 didShow가 뷰 상태를 줄일 때까지 다시 쌓지 않습니다.
        guard wanted != applied else { return }
        applied = wanted
        var stack = [viewControllers[0]]
        if let id = state.selectedID {
            let detail = viewControllers.dropFirst().first as? ContactDetailViewController
            stack.append(detail?.id == id ? detail! : ContactDetailViewController(id: id, book: book, viewState: viewState))
            if state.draft != nil {
                let editor = viewControllers.last as? ContactEditViewController
                stack.append(editor?.id == id ? editor! : ContactEditViewController(id: id, book: book, viewState: viewState))
            }
        }
        guard !stack.elementsEqual(viewControllers, by: ===) else { return }
        setViewControllers(stack, animated: abs(stack.count - viewControllers.count) == 1)
    }
// ANCHOR: root-tail

    // 뒤로 버튼, 기록 메뉴, 탭 바 항목 다시 누르기: 몇 단계가 빠졌든, 맞춘 화면보다 짧아진 스택에 뷰 상태를 맞춥니다.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        let depth = viewControllers.count - 1
        guard depth < applied.count else { return }
        if depth < 2 { viewState.state.draft = nil }
        if depth < 1 { viewState.state.selectedID = nil }
    }
}

// ANCHOR_END: rest
// ANCHOR_END: root-tail
// ANCHOR_END: after-submit
// ANCHOR_END: app
// ANCHOR: reopen-test
import Testing

@MainActor
@Test("저장을 기다리는 사이 뒤로 갔다가 다시 연 편집 화면은 앞 저장의 답에 닫히지도, 안내 메시지를 받지도 않는다", .timeLimit(.minutes(1)))
func oldReplyLeavesTheReopenedEditor() async throws {
    for email in ["younghee@example.com", "younghee"] { // 앞 저장이 성공하는 경우와 실패하는 경우
        let book = ContactBook(archive: ContactArchive(sampleContacts))
        try await book.reload()
        let viewState = ViewStateStore(ContactsViewState(selectedID: 2, draft: .init(name: "김영희", email: email)))
        let navigation = ContactsNavigationController(book: book, viewState: viewState)
        navigation.updatePropertiesIfNeeded() // 목록, 김철수의 상세 화면, 편집 화면을 쌓습니다.
        let detail = try #require(navigation.viewControllers[1] as? ContactDetailViewController)
        let first = try #require(navigation.topViewController as? ContactEditViewController)
        detail.loadViewIfNeeded()
        first.loadViewIfNeeded()

        // 아래 여섯 줄 사이에는 await가 없으므로, 저장의 답은 편집 화면을 다시 연 뒤에 옵니다.
        first.saveButton.sendActions(for: .touchUpInside) // 저장
        navigation.popViewController(animated: false) // 뒤로 버튼
        navigation.navigationController(navigation, didShow: detail, animated: false) // 전환이 끝났습니다.
        navigation.updatePropertiesIfNeeded() // 그 변경으로 오는 화면 갱신
        detail.editButton.sendActions(for: .touchUpInside) // 편집을 다시 누릅니다.
        viewState.state.draft?.name = "새로 입력 중"

        while !first.saveButton.isEnabled { await Task.yield() } // 앞 저장의 답이 올 때까지
        #expect(viewState.state.draft?.name == "새로 입력 중")
        #expect(viewState.state.draft?.message == "")
    }
}
// ANCHOR_END: reopen-test

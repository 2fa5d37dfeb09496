// ANCHOR: model
{{#include contacts-archive.swift}}
// ANCHOR_END: model
// ANCHOR: app
// ANCHOR: core
// ANCHOR: core-head
// ANCHOR: state
// 상태: 화면에 보이는 모든 것을 값 하나에 담습니다. 내비게이션 스택(path)도 상태입니다.
struct AppState: Equatable, Codable {
    enum Screen: Equatable, Codable {
        case detail(id: Int)
        case edit(Draft)
    }

    struct Draft: Equatable, Codable {
        let id: Int
        var name: String
        var email: String
        var message = ""
        var isSaving = false // 보존하지 않습니다. 되살린 앱에는 이 저장을 끝낼 Task가 없습니다.
        var session = 0 // 편집 화면을 열 때마다 새로 받는 번호. 저장의 답이 어느 편집 화면의 것인지 가립니다.

        enum CodingKeys: CodingKey { case id, name, email, message }
    }

    // 불러오기 단계: 시작했는지, 끝났는지, 실패했는지를 따로 둡니다.
    enum Load: Equatable {
        case idle, loading, loaded, failed
    }

    var contacts: [Contact] = [] // 기록: 보관소에서 읽은 연락처
    var load = Load.idle
    var status = ""
    var path: [Screen] = [] // 목록 위에 쌓인 화면들
    var sessions = 0 // 지금까지 연 편집 화면의 수

    // 뷰 상태(스택의 id와 입력 중이던 글자)만 보존합니다. 연락처는 되살린 뒤 보관소에서 다시 읽습니다.
    enum CodingKeys: CodingKey { case path }

    func contact(id: Int) -> Contact? {
        contacts.first { $0.id == id }
    }

    mutating func updateDraft(_ change: (inout Draft) -> Void) {
        guard case .edit(var draft)? = path.last else { return }
        change(&draft)
        path[path.count - 1] = .edit(draft)
    }
}
// ANCHOR_END: state

// 액션: 사용자와 보관소에서 오는 모든 이벤트입니다.
enum Action {
// ANCHOR: action-cases
    case appeared
    case loaded([Contact]?) // nil이면 불러오기 실패
    case selected(id: Int)
    case editTapped
    case nameChanged(String)
    case emailChanged(String)
    case saveTapped
    case saved(Result<Contact, ContactSaveError>, session: Int) // 저장을 보낸 편집 화면의 번호
    case popped(depth: Int) // 뒤로 버튼: 목록 위에 남은 화면 수
// ANCHOR_END: action-cases
}

// 이펙트: 리듀서가 직접 하지 않고 스토어에 맡기는 비동기 일입니다.
enum Effect: Equatable {
// ANCHOR: effect-cases
    case load
    case save(Contact, session: Int)
// ANCHOR_END: effect-cases
}

// 리듀서: 상태와 액션으로 다음 상태를 만들고, 할 일을 값으로 돌려줍니다. UIKit도 보관소도 모릅니다.
func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
// ANCHOR: reduce-cases
    case .appeared:
        // 한 번도 불러오지 않았거나 실패했을 때만 불러옵니다. 빈 목록도 불러온 목록입니다.
        guard state.load == .idle || state.load == .failed else { return [] }
        state.load = .loading
        state.status = "불러오는 중…"
        return [.load]
    case .loaded(let contacts?):
        state.contacts = contacts
        state.load = .loaded
        state.status = ""
    case .loaded(nil):
        state.load = .failed
        state.status = "목록을 불러오지 못했습니다."
    case .selected(let id):
        state.path = [.detail(id: id)]
    case .editTapped:
        guard case .detail(let id)? = state.path.last, let contact = state.contact(id: id) else { return [] }
        state.sessions += 1
        state.path.append(.edit(AppState.Draft(id: id, name: contact.name, email: contact.email, session: state.sessions)))
    case .nameChanged(let name):
        state.updateDraft { $0.name = name }
    case .emailChanged(let email):
        state.updateDraft { $0.email = email }
    case .saveTapped:
        guard case .edit(let draft)? = state.path.last, !draft.isSaving else { return [] } // 저장 중의 탭은 버립니다.
        state.updateDraft { $0.isSaving = true }
        return [.save(Contact(id: draft.id, name: draft.name, email: draft.email), session: draft.session)]
// ANCHOR_END: core-head
// ANCHOR: saved-cases
    case .saved(.success(let contact), let session):
        if let index = state.contacts.firstIndex(where: { $0.id == contact.id }) {
            state.contacts[index] = contact // 목록과 상세 화면이 이 한 곳을 읽습니다.
        }
        // 답은 저장을 보낸 편집 화면에만 적용합니다. 그사이 뒤로 갔다가 다시 연 편집 화면은 번호가 다릅니다.
        if case .edit(let draft)? = state.path.last, draft.session == session { state.path.removeLast() }
    case .saved(.failure(let error), let session):
        guard case .edit(let draft)? = state.path.last, draft.session == session else { return [] }
        state.updateDraft { draft in
            draft.isSaving = false
            draft.message = switch error {
            case .emptyName: "이름을 입력해 주세요."
            case .invalidEmail: "이메일 주소를 확인해 주세요."
            }
        }
// ANCHOR_END: saved-cases
// ANCHOR: core-tail
    case .popped(let depth):
        state.path.removeLast(max(0, state.path.count - depth))
// ANCHOR_END: reduce-cases
    }
    return []
}

// 스토어: 상태를 하나 쥐고, 액션을 리듀서에 넘기고, 리듀서가 돌려준 이펙트를 실행합니다.
import Observation

@MainActor
@Observable
final class Store {
// ANCHOR: store-body
    private(set) var state: AppState
    @ObservationIgnored private let archive: ContactArchive

    init(state: AppState = AppState(), archive: ContactArchive) {
        self.state = state
        self.archive = archive
    }

    func send(_ action: Action) {
        for effect in reduce(&state, action) {
            Task { await run(effect) }
        }
    }

// ANCHOR_END: store-body
    private func run(_ effect: Effect) async {
        switch effect {
// ANCHOR: run-cases
        case .load:
            send(.loaded(try? await archive.all()))
        case .save(let contact, let session):
            do throws(ContactSaveError) {
                try await archive.save(contact)
                send(.saved(.success(contact), session: session))
            } catch {
                send(.saved(.failure(error), session: session))
            }
// ANCHOR_END: run-cases
        }
    }
}

// ANCHOR_END: core-tail
// ANCHOR_END: core
// ANCHOR: views-head
// ANCHOR: nav-head
// 뷰: 상태를 읽어 그리고, 사용자 입력을 액션으로 보냅니다.
import UIKit

// 내비게이션 스택을 상태의 path에 맞춥니다. 뒤로 버튼으로 줄어든 스택은 액션으로 알립니다.
final class AppNavigationController: UINavigationController, UINavigationControllerDelegate {
    private let store: Store
    private var appliedPath: [AppState.Screen] = [] // 마지막으로 스택에 맞춘 path

    init(store: Store) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        delegate = self
        viewControllers = [ContactListViewController(store: store)]
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

// ANCHOR_END: nav-head
    override func updateProperties() {
        super.updateProperties()
        let path = store.state.path
        // path가 그대로인데 스택이 짧다면 사용자가 뒤로 간 것이므로, didShow가 상태를 맞출 때까지 둡니다.
        guard path != appliedPath else { return }
        appliedPath = path
        var stack = [viewControllers[0]] // 목록은 늘 남습니다.
        for (screen, controller) in zip(path, viewControllers.dropFirst()) {
            guard (controller as? ScreenController)?.shows(screen) == true else { break }
            stack.append(controller) // 이미 그 화면을 보이는 컨트롤러는 그대로 둡니다.
        }
        stack += path.dropFirst(stack.count - 1).map(makeController(for:))
        guard !stack.elementsEqual(viewControllers, by: ===) else { return }
        // 새 스택을 한 번의 전환으로 맞춥니다. 화면 하나가 더해지거나 빠질 때만 애니메이션을 보입니다.
        setViewControllers(stack, animated: abs(stack.count - viewControllers.count) == 1)
    }
// ANCHOR: nav-tail

    private func makeController(for screen: AppState.Screen) -> UIViewController {
        switch screen {
        case .detail(let id): ContactDetailViewController(store: store, id: id)
        case .edit(let draft): ContactEditViewController(store: store, id: draft.id)
        }
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        let depth = viewControllers.count - 1
        if depth < store.state.path.count { // 사용자가 뒤로 갔습니다.
            store.send(.popped(depth: depth))
        }
    }
}

@MainActor
protocol ScreenController {
    func shows(_ screen: AppState.Screen) -> Bool
}

final class ContactListViewController: UIViewController, UITableViewDelegate {
    private let store: Store
    let tableView = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel()
    private var dataSource: UITableViewDiffableDataSource<Int, Int>! // 항목은 바뀌지 않는 id입니다.
    private var applied: [Contact] = [] // 마지막으로 적용한 연락처
    private var appliedByID: [Int: Contact] = [:] // 셀 공급자가 id로 찾는 연락처

    init(store: Store) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "연락처"
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = self?.appliedByID[id]?.name
            cell.contentConfiguration = content
            return cell
        }
        tableView.delegate = self
        view.addSubview(tableView)
        view.addSubview(statusLabel)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        store.send(.appeared)
    }

    override func updateProperties() {
        super.updateProperties()
        statusLabel.text = store.state.status
        let contacts = store.state.contacts
        guard contacts != applied else { return } // 행이 그대로면(상태 글자만 바뀐 갱신 등) 스냅숏을 적용하지 않습니다.
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(contacts.map(\.id))
        let changed = contacts.filter { contact in appliedByID[contact.id].map { $0 != contact } ?? false }
        snapshot.reconfigureItems(changed.map(\.id))
        applied = contacts
        appliedByID = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let id = dataSource.itemIdentifier(for: indexPath) else { return } // 테이블 뷰가 그린 행의 식별자
        store.send(.selected(id: id))
    }
}

// ANCHOR_END: views-head
final class ContactDetailViewController: UIViewController, ScreenController {
// ANCHOR: detail-props
    private let store: Store
    private let id: Int
    let summaryLabel = UILabel()
    let editButton = UIButton(type: .system)
// ANCHOR_END: detail-props
// ANCHOR: detail-init

    init(store: Store, id: Int) {
        self.store = store
        self.id = id
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    func shows(_ screen: AppState.Screen) -> Bool {
        screen == .detail(id: id)
    }

// ANCHOR_END: detail-init
    override func viewDidLoad() {
// ANCHOR: detail-load
        super.viewDidLoad()
        editButton.setTitle("편집", for: .normal)
        editButton.addAction(UIAction { [weak self] _ in
            self?.store.send(.editTapped)
        }, for: .touchUpInside)
        view.addSubview(summaryLabel)
        view.addSubview(editButton)
// ANCHOR_END: detail-load
    }
// ANCHOR: detail-update

    override func updateProperties() {
        super.updateProperties()
        guard let contact = store.state.contact(id: id) else { return }
        title = contact.name
        summaryLabel.text = "\(contact.name) <\(contact.email)>"
    }
// ANCHOR_END: detail-update
}
// ANCHOR: edit

final class ContactEditViewController: UIViewController, ScreenController {
    private let store: Store
    private let id: Int
    let nameField = UITextField()
    let emailField = UITextField()
    let saveButton = UIButton(type: .system)
    let messageLabel = UILabel()

    init(store: Store, id: Int) {
        self.store = store
        self.id = id
        super.init(nibName: nil, bundle: nil)
        title = "편집"
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    func shows(_ screen: AppState.Screen) -> Bool {
        if case .edit(let draft) = screen { draft.id == id } else { false }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        saveButton.setTitle("저장", for: .normal)
        nameField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            store.send(.nameChanged(nameField.text ?? ""))
        }, for: .editingChanged)
        emailField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            store.send(.emailChanged(emailField.text ?? ""))
        }, for: .editingChanged)
        saveButton.addAction(UIAction { [weak self] _ in
            self?.store.send(.saveTapped)
        }, for: .touchUpInside)
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
        emailField.accessibilityIdentifier = "이메일"
        for subview in [nameField, emailField, saveButton, messageLabel] {
            view.addSubview(subview)
        }
    }

    override func updateProperties() {
        super.updateProperties()
        guard case .edit(let draft)? = store.state.path.last, draft.id == id else { return }
        if nameField.text != draft.name { nameField.text = draft.name } // 입력 중인 필드는 건드리지 않습니다.
        if emailField.text != draft.email { emailField.text = draft.email }
        messageLabel.text = draft.message
        saveButton.isEnabled = !draft.isSaving
    }
}

// ANCHOR_END: edit
// ANCHOR_END: nav-tail
// ANCHOR_END: app
// ANCHOR: reopen-test
import Testing

// 편집 화면 1에서 저장을 누르고, 답이 오기 전에 뒤로 갔다가 편집을 다시 눌러 새로 입력하는 중입니다.
func reopenedWhileSaving() -> AppState {
    var state = AppState(contacts: sampleContacts, path: [.detail(id: 2)])
    _ = reduce(&state, .editTapped)
    _ = reduce(&state, .saveTapped)
    _ = reduce(&state, .popped(depth: 1)) // 뒤로 버튼
    _ = reduce(&state, .editTapped)
    _ = reduce(&state, .nameChanged("새로 입력 중"))
    return state
}

@Test("저장을 기다리는 사이 뒤로 갔다가 다시 연 편집 화면은 앞 저장의 답에 닫히지도, 안내 메시지를 받지도 않는다")
func oldReplyLeavesTheReopenedEditor() {
    var succeeded = reopenedWhileSaving()
    _ = reduce(&succeeded, .saved(.success(sampleContacts[1]), session: 1))
    var failed = reopenedWhileSaving()
    _ = reduce(&failed, .saved(.failure(.invalidEmail), session: 1))

    for state in [succeeded, failed] {
        guard case .edit(let draft)? = state.path.last else {
            Issue.record("다시 연 편집 화면이 닫혔습니다")
            continue
        }
        #expect(draft.name == "새로 입력 중")
        #expect(draft.message.isEmpty)
    }
}
// ANCHOR_END: reopen-test

// ANCHOR: back-head
// ANCHOR: no-identifier-head
// ANCHOR: no-reconfigure-head
// ANCHOR: no-delegate-head
// ANCHOR: deeplink-1
// ANCHOR: restore-1
// ANCHOR: windows-1
{{#include contacts-book.swift}}

// 뷰 모델: UIKit을 모르고, 다음 화면이 무엇인지도 모릅니다.
// ANCHOR_END: restore-1
// ANCHOR: restore-2
// ANCHOR: filestore-a

struct ContactRow: Hashable, Sendable {
    let id: Int
    let text: String
}

@MainActor
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

@MainActor
// ANCHOR: xcode26-1
@Observable
final class ContactDetailViewModel {
    @ObservationIgnored var onEdit: ((Contact) -> Void)?
    private let id: Int
    private let book: ContactBook

    // 연락처 값이 아니라 식별자를 받고, 현재 값은 공유 모델에서 읽습니다.
    init(id: Int, book: ContactBook) {
        self.id = id
        self.book = book
    }

    private var contact: Contact? { book.contact(id: id) }
    var title: String { contact?.name ?? "" }
    var summary: String { contact.map { "\($0.name) <\($0.email)>" } ?? "" }

    func editTapped() {
        if let contact { onEdit?(contact) }
    }
}

// ANCHOR_END: xcode26-1
// ANCHOR_END: filestore-a
@MainActor
// ANCHOR: xcode26-2
@Observable
final class ContactEditViewModel {
    var name: String
    var email: String
    private(set) var message = ""
    private(set) var isSaving = false
    @ObservationIgnored var onFinish: (() -> Void)? // 결과는 돌려주지 않고, 끝났다는 것만 알립니다.
    private let id: Int
    private let book: ContactBook

    init(contact: Contact, book: ContactBook) {
        self.id = contact.id
        self.name = contact.name
        self.email = contact.email
        self.book = book
    }

    func save() async {
        guard !isSaving else { return } // 저장을 기다리는 사이 또 눌러도 한 번만 저장합니다.
        let edited = Contact(id: id, name: name, email: email)
        isSaving = true
        defer { isSaving = false }
        do {
            try await book.save(edited) // 공유 모델이 바뀌면 목록과 상세 화면이 따라갑니다.
            onFinish?()
        } catch {
            message = switch error {
            case .emptyName: "이름을 입력해 주세요."
            case .invalidEmail: "이메일 주소를 확인해 주세요."
            }
        }
    }
}

// ANCHOR: filestore-b
// 뷰: iOS 26의 updateProperties()가 읽은 속성을 UIKit이 추적합니다.
import UIKit

final class ContactListViewController: UIViewController, UITableViewDelegate {
    private let viewModel: ContactListViewModel
    let tableView = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel()
    private var dataSource: UITableViewDiffableDataSource<Int, Int>! // 항목은 바뀌지 않는 id입니다.
    private var appliedRows: [ContactRow] = [] // 마지막으로 적용한 행
    private(set) var appliedSnapshots = 0 // 스냅숏을 적용한 횟수(테스트가 셉니다)
    private var rowsByID: [Int: ContactRow] = [:] // 셀 공급자가 id로 찾는 행

    init(viewModel: ContactListViewModel) {
        self.viewModel = viewModel
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
            content.text = self?.rowsByID[id]?.text
            cell.contentConfiguration = content
            return cell
        }
        tableView.delegate = self
        view.addSubview(tableView)
        view.addSubview(statusLabel)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        viewModel.appear()
    }

    override func updateProperties() {
        super.updateProperties()
        statusLabel.text = viewModel.status
        let rows = viewModel.rows
        guard rows != appliedRows else { return } // 행이 그대로면(상태 글자만 바뀐 갱신 등) 스냅숏을 적용하지 않습니다.
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(rows.map(\.id))
// ANCHOR_END: no-reconfigure-head
        // 이름이 바뀐 행은 지웠다 넣지 않고, 같은 셀을 다시 구성합니다.
        let changed = rows.filter { row in rowsByID[row.id].map { $0 != row } ?? false }
        snapshot.reconfigureItems(changed.map(\.id))
// ANCHOR: no-reconfigure-tail
        appliedRows = rows
        rowsByID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        appliedSnapshots += 1
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
        viewModel.select(id: id)
    }
}

final class ContactDetailViewController: UIViewController {
    private let viewModel: ContactDetailViewModel
    let summaryLabel = UILabel()
    let editButton = UIButton(type: .system)

    init(viewModel: ContactDetailViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        editButton.setTitle("편집", for: .normal)
        editButton.addAction(UIAction { [weak self] _ in
            self?.viewModel.editTapped()
        }, for: .touchUpInside)
        view.addSubview(summaryLabel)
        view.addSubview(editButton)
    }

    override func updateProperties() {
        super.updateProperties()
        title = viewModel.title
        summaryLabel.text = viewModel.summary
    }
}

final class ContactEditViewController: UIViewController {
    private let viewModel: ContactEditViewModel
    let nameField = UITextField()
    let emailField = UITextField()
    let saveButton = UIButton(type: .system)
    let messageLabel = UILabel()

    init(viewModel: ContactEditViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
        title = "편집"
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.text = viewModel.name
        emailField.text = viewModel.email
        saveButton.setTitle("저장", for: .normal)
        nameField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            viewModel.name = nameField.text ?? ""
        }, for: .editingChanged)
        emailField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            viewModel.email = emailField.text ?? ""
        }, for: .editingChanged)
        saveButton.addAction(UIAction { [weak self] _ in
            Task { await self?.viewModel.save() }
        }, for: .touchUpInside)
// ANCHOR_END: no-identifier-head
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
// ANCHOR: no-identifier-tail
        emailField.accessibilityIdentifier = "이메일"
        for subview in [nameField, emailField, saveButton, messageLabel] {
            view.addSubview(subview)
        }
    }

    override func updateProperties() {
        super.updateProperties()
        messageLabel.text = viewModel.message
        saveButton.isEnabled = !viewModel.isSaving
    }
}
// ANCHOR_END: restore-2

// 코디네이터: 화면을 만들고, 뷰 모델의 요청을 받아 화면을 넘깁니다.
// ANCHOR_END: xcode26-2
@MainActor
// ANCHOR: xcode26-3
final class ContactFlowCoordinator {
    private let navigationController: UINavigationController
    private let book: ContactBook
    private(set) weak var firstScreen: UIViewController?

    init(navigationController: UINavigationController, book: ContactBook) {
        self.navigationController = navigationController
        self.book = book
    }

    func start(with contact: Contact) {
        let detail = ContactDetailViewModel(id: contact.id, book: book)
        detail.onEdit = { [weak self] contact in
            self?.showEditor(for: contact)
        }
        let screen = ContactDetailViewController(viewModel: detail)
        firstScreen = screen
        navigationController.pushViewController(screen, animated: true)
    }

// ANCHOR_END: back-head
    private func showEditor(for contact: Contact) {
        let editor = ContactEditViewModel(contact: contact, book: book)
        let screen = ContactEditViewController(viewModel: editor)
        editor.onFinish = { [weak self, weak screen] in
            if let screen { self?.close(screen) } // 맨 위 화면이 아니라 저장을 요청한 편집 화면을 닫습니다.
        }
        navigationController.pushViewController(screen, animated: true)
    }

    // 저장을 기다리는 사이 사용자가 뒤로 갔을 수 있으므로, 그 화면이 아직 스택에 있을 때만 바로 아래 화면으로 돌아갑니다.
    private func close(_ screen: UIViewController) {
        let stack = navigationController.viewControllers
        guard let index = stack.firstIndex(of: screen), index > 0 else { return }
        navigationController.popToViewController(stack[index - 1], animated: true)
    }
// ANCHOR: back-tail

// ANCHOR_END: xcode26-3
    deinit {
// ANCHOR: xcode26-4
        print("  연락처 흐름 코디네이터 해제")
    }
}

// ANCHOR_END: xcode26-4
@MainActor
// ANCHOR: xcode26-5
final class AppCoordinator: NSObject, UINavigationControllerDelegate {
    let navigationController = UINavigationController()
// ANCHOR_END: windows-1
    private let book: ContactBook // 공유 모델은 루트 코디네이터가 만들어 쥐고, 화면마다 건넵니다.
// ANCHOR: windows-2
    private(set) var children: [ContactFlowCoordinator] = [] // 자식 코디네이터는 부모가 이 배열에 담습니다.
// ANCHOR_END: deeplink-1
// ANCHOR: deeplink-2

// ANCHOR_END: windows-2
    init(archive: ContactArchive) {
        self.book = ContactBook(archive: archive)
// ANCHOR: windows-3
        super.init()
// ANCHOR_END: no-delegate-head
        navigationController.delegate = self
// ANCHOR: no-delegate-tail
    }

    func start() {
        let list = ContactListViewModel(book: book)
        list.onSelect = { [weak self] contact in
            self?.showContact(contact)
        }
        navigationController.viewControllers = [ContactListViewController(viewModel: list)]
    }

    // 목록에서 고를 때도, 알림이나 딥 링크로 열 때도 이 메서드 하나를 거칩니다.
    func showContact(_ contact: Contact) {
        let child = ContactFlowCoordinator(navigationController: navigationController, book: book)
        children.append(child)
        child.start(with: contact)
    }

// ANCHOR_END: deeplink-2
// ANCHOR: deeplink-3
    // 뒤로 버튼으로 흐름의 첫 화면이 스택에서 빠지면, 그 흐름의 코디네이터를 놓습니다.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        children.removeAll { child in
            guard let first = child.firstScreen else { return true }
            return !navigationController.viewControllers.contains(first)
        }
// ANCHOR_END: deeplink-3
// ANCHOR: deeplink-4
    }
// ANCHOR_END: windows-3
}
// ANCHOR: windows-4

// ANCHOR_END: windows-4
// 루트 코디네이터는 앱의 씬이 소유합니다. 실제 앱에서는 SceneDelegate가 이 자리에 있습니다.
// ANCHOR_END: xcode26-5
@MainActor
// ANCHOR: xcode26-6
final class ContactsScene {
    private var coordinator: AppCoordinator? // 강한 참조: 씬이 사는 동안 흐름도 삽니다.

    func connect(archive: ContactArchive) -> UINavigationController {
        let coordinator = AppCoordinator(archive: archive)
        self.coordinator = coordinator
        coordinator.start()
        return coordinator.navigationController // 실제 앱에서는 window.rootViewController에 넣습니다.
// ANCHOR: windows-5
    }
}
// ANCHOR_END: deeplink-4
// ANCHOR_END: windows-5
// ANCHOR_END: xcode26-6
// ANCHOR_END: filestore-b
// ANCHOR_END: no-delegate-tail
// ANCHOR_END: no-reconfigure-tail
// ANCHOR_END: no-identifier-tail
// ANCHOR_END: back-tail

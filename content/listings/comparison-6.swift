{{#include contacts-book.swift}}

// 프레젠터: UIKit을 import하지 않습니다.
struct ContactRow: Hashable, Sendable {
    let id: Int
    let text: String
}

@MainActor
protocol ContactListView: AnyObject {
    func showLoading()
    func show(rows: [ContactRow])
    func showError(_ message: String)
    func showDetail(for contact: Contact)
}

@MainActor
final class ContactListPresenter {
    private weak var view: (any ContactListView)?
    private let book: ContactBook
    private var loading: Task<Void, Never>?
    private var observing: Task<Void, Never>?

    init(view: any ContactListView, book: ContactBook) {
        self.view = view
        self.book = book
    }

    func viewWillAppear() {
        guard loading == nil else { return } // 한 번 불러온 뒤에는 공유 모델을 관찰합니다.
        view?.showLoading()
        loading = Task { await load() }
    }

    // 테스트는 이 메서드를 직접 기다립니다.
    func load() async {
        do {
            try await book.reload()
            guard !Task.isCancelled else { return }
            observe()
        } catch {
            guard !Task.isCancelled else { return } // 취소된 요청은 오류도 보여 주지 않습니다.
            view?.showError("목록을 불러오지 못했습니다.") // 기다리는 사이 화면이 닫혔다면 view는 nil입니다.
        }
    }

    // 공유 모델이 바뀔 때마다 행을 뷰에 밀어 넣습니다. 첫 값은 지금의 목록입니다.
    private func observe() {
        observing = Task { [weak self, book] in
            for await contacts in Observations({ book.contacts }) {
                self?.view?.show(rows: contacts.map { ContactRow(id: $0.id, text: $0.name) })
            }
        }
    }

    // 행의 위치가 아니라 식별자를 받습니다. 테이블 뷰가 그린 뒤 모델이 바뀌어도 누른 연락처를 엽니다.
    func didSelectContact(id: Int) {
        if let contact = book.contact(id: id) { view?.showDetail(for: contact) }
    }

    nonisolated deinit { observing?.cancel() }
}

@MainActor
protocol ContactDetailView: AnyObject {
    func show(title: String, summary: String)
    func showEditor(for contact: Contact)
}

@MainActor
final class ContactDetailPresenter {
    private weak var view: (any ContactDetailView)?
    private let id: Int
    private let book: ContactBook
    private var observing: Task<Void, Never>?

    // 연락처 값이 아니라 식별자를 받고, 현재 값은 공유 모델에서 읽습니다.
    init(view: any ContactDetailView, id: Int, book: ContactBook) {
        self.view = view
        self.id = id
        self.book = book
    }

    func viewDidLoad() {
        render(book.contact(id: id)) // 처음 모습은 곧바로 그립니다.
        observing = Task { [weak self, book, id] in
            for await contact in Observations({ book.contact(id: id) }) {
                self?.render(contact)
            }
        }
    }

    func editTapped() {
        if let contact = book.contact(id: id) { view?.showEditor(for: contact) }
    }

    private func render(_ contact: Contact?) {
        guard let contact else { return }
        view?.show(title: contact.name, summary: "\(contact.name) <\(contact.email)>")
    }

    nonisolated deinit { observing?.cancel() }
}

@MainActor
protocol ContactEditView: AnyObject {
    func fill(name: String, email: String)
    func setSaving(_ isSaving: Bool)
    func showMessage(_ message: String)
    func finish()
}

@MainActor
final class ContactEditPresenter {
    private weak var view: (any ContactEditView)?
    private let book: ContactBook
    private let id: Int
    private var name: String
    private var email: String
    private var isSaving = false

    init(view: any ContactEditView, book: ContactBook, contact: Contact) {
        self.view = view
        self.book = book
        self.id = contact.id
        self.name = contact.name
        self.email = contact.email
    }

    func viewDidLoad() {
        view?.fill(name: name, email: email)
    }

    func nameChanged(_ text: String) { name = text }
    func emailChanged(_ text: String) { email = text }

    func save() async {
        guard !isSaving else { return } // 저장을 기다리는 사이 또 눌러도 한 번만 저장합니다.
        isSaving = true
        let edited = Contact(id: id, name: name, email: email)
        view?.setSaving(true)
        do {
            try await book.save(edited) // 공유 모델이 바뀌면 목록과 상세 화면이 따라갑니다.
            view?.finish() // 결과는 돌려주지 않고, 끝났다는 것만 알립니다.
        } catch {
            view?.showMessage(message(for: error))
        }
        view?.setSaving(false)
        isSaving = false
    }

    private func message(for error: ContactSaveError) -> String {
        switch error {
        case .emptyName: "이름을 입력해 주세요."
        case .invalidEmail: "이메일 주소를 확인해 주세요."
        }
    }
}

// 뷰: 뷰 컨트롤러는 입력을 넘기고, 받은 값을 보여 주고, 화면을 잇습니다.
import UIKit

final class ContactListViewController: UIViewController, ContactListView, UITableViewDelegate {
    var presenter: ContactListPresenter?
    var makeDetail: ((Contact) -> UIViewController)?
    let tableView = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel()
    private var dataSource: UITableViewDiffableDataSource<Int, ContactRow>!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "연락처"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        dataSource = UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, row in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = row.text
            cell.contentConfiguration = content
            return cell
        }
        tableView.delegate = self
        view.addSubview(tableView)
        view.addSubview(statusLabel)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        presenter?.viewWillAppear()
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let row = dataSource.itemIdentifier(for: indexPath) else { return }
        presenter?.didSelectContact(id: row.id)
    }

    func showLoading() { statusLabel.text = "불러오는 중…" }
    func showError(_ message: String) { statusLabel.text = message }

    func show(rows: [ContactRow]) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, ContactRow>()
        snapshot.appendSections([0])
        snapshot.appendItems(rows)
        dataSource.apply(snapshot, animatingDifferences: false)
        statusLabel.text = ""
    }

    func showDetail(for contact: Contact) {
        guard let detail = makeDetail?(contact) else { return }
        navigationController?.pushViewController(detail, animated: true)
    }
}

final class ContactDetailViewController: UIViewController, ContactDetailView {
    var presenter: ContactDetailPresenter?
    var makeEditor: ((Contact) -> UIViewController)?
    let summaryLabel = UILabel()
    let editButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        editButton.setTitle("편집", for: .normal)
        editButton.addAction(UIAction { [weak self] _ in
            self?.presenter?.editTapped()
        }, for: .touchUpInside)
        view.addSubview(summaryLabel)
        view.addSubview(editButton)
        presenter?.viewDidLoad()
    }

    func show(title: String, summary: String) {
        self.title = title
        summaryLabel.text = summary
    }

    func showEditor(for contact: Contact) {
        guard let editor = makeEditor?(contact) else { return }
        navigationController?.pushViewController(editor, animated: true)
    }
}

final class ContactEditViewController: UIViewController, ContactEditView {
    var presenter: ContactEditPresenter?
    let nameField = UITextField()
    let emailField = UITextField()
    let saveButton = UIButton(type: .system)
    let messageLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "편집"
        saveButton.setTitle("저장", for: .normal)
        nameField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            presenter?.nameChanged(nameField.text ?? "")
        }, for: .editingChanged)
        emailField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            presenter?.emailChanged(emailField.text ?? "")
        }, for: .editingChanged)
        saveButton.addAction(UIAction { [weak self] _ in
            Task { await self?.presenter?.save() }
        }, for: .touchUpInside)
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
        emailField.accessibilityIdentifier = "이메일"
        for subview in [nameField, emailField, saveButton, messageLabel] {
            view.addSubview(subview)
        }
        presenter?.viewDidLoad()
    }

    func fill(name: String, email: String) {
        nameField.text = name
        emailField.text = email
    }

    func setSaving(_ isSaving: Bool) { saveButton.isEnabled = !isSaving }
    func showMessage(_ message: String) { messageLabel.text = message }

    func finish() {
        if navigationController?.viewControllers.last === self { navigationController?.popViewController(animated: true) }
    }
}

// 조립: 화면마다 뷰와 프레젠터를 만들어 잇는 팩토리 함수
@MainActor
func makeContactList(book: ContactBook) -> UIViewController {
    let screen = ContactListViewController()
    screen.presenter = ContactListPresenter(view: screen, book: book)
    screen.makeDetail = { contact in makeContactDetail(contact, book: book) }
    return screen
}

@MainActor
func makeContactDetail(_ contact: Contact, book: ContactBook) -> UIViewController {
    let screen = ContactDetailViewController()
    screen.presenter = ContactDetailPresenter(view: screen, id: contact.id, book: book)
    screen.makeEditor = { contact in
        let editor = ContactEditViewController()
        editor.presenter = ContactEditPresenter(view: editor, book: book, contact: contact)
        return editor
    }
    return screen
}

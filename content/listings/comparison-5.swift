// ANCHOR: before-pop
{{#include contacts-book.swift}}
import UIKit

final class ContactListViewController: UIViewController, UITableViewDelegate {
    private let book: ContactBook
    let tableView = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel()
    private var dataSource: UITableViewDiffableDataSource<Int, Contact>!
    private var loading: Task<Void, Never>?

    init(book: ContactBook) {
        self.book = book
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

    // 처음 보일 때 한 번만 불러옵니다. 그 뒤로는 공유 모델의 변경을 따라갑니다.
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

    // 공유 모델의 목록을 읽습니다. UIKit이 이 읽기를 추적해, 모델이 바뀌면 다시 호출합니다.
    override func updateProperties() {
        super.updateProperties()
        var snapshot = NSDiffableDataSourceSnapshot<Int, Contact>()
        snapshot.appendSections([0])
        snapshot.appendItems(book.contacts)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let contact = dataSource.itemIdentifier(for: indexPath) else { return }
        let detail = ContactDetailViewController(id: contact.id, book: book)
        navigationController?.pushViewController(detail, animated: true)
    }
}

final class ContactDetailViewController: UIViewController {
    private let id: Int
    private let book: ContactBook
    let summaryLabel = UILabel()
    let editButton = UIButton(type: .system)

    // 연락처 값이 아니라 식별자를 받고, 현재 값은 공유 모델에서 읽습니다.
    init(id: Int, book: ContactBook) {
        self.id = id
        self.book = book
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        editButton.setTitle("편집", for: .normal)
        editButton.addAction(UIAction { [weak self] _ in
            self?.showEditor()
        }, for: .touchUpInside)
        view.addSubview(summaryLabel)
        view.addSubview(editButton)
    }

    override func updateProperties() {
        super.updateProperties()
        guard let contact = book.contact(id: id) else { return }
        title = contact.name
        summaryLabel.text = "\(contact.name) <\(contact.email)>"
    }

    private func showEditor() {
        guard let contact = book.contact(id: id) else { return }
        navigationController?.pushViewController(ContactEditViewController(contact: contact, book: book), animated: true)
    }
}

final class ContactEditViewController: UIViewController {
    private let contact: Contact
    private let book: ContactBook
    let nameField = UITextField()
    let emailField = UITextField()
    let saveButton = UIButton(type: .system)
    let messageLabel = UILabel()

    init(contact: Contact, book: ContactBook) {
        self.contact = contact
        self.book = book
        super.init(nibName: nil, bundle: nil)
        title = "편집"
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.text = contact.name
        emailField.text = contact.email
        saveButton.setTitle("저장", for: .normal)
        saveButton.addAction(UIAction { [weak self] _ in
            self?.save()
        }, for: .touchUpInside)
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
        emailField.accessibilityIdentifier = "이메일"
        for subview in [nameField, emailField, saveButton, messageLabel] {
            view.addSubview(subview)
        }
    }

    private func save() {
        let edited = Contact(id: contact.id, name: nameField.text ?? "", email: emailField.text ?? "")
        saveButton.isEnabled = false
        Task { await submit(edited) }
    }

    private func submit(_ edited: Contact) async {
        do {
            try await book.save(edited) // 공유 모델이 바뀌면 목록과 상세 화면이 따라갑니다.
// ANCHOR_END: before-pop
            if navigationController?.viewControllers.last === self { navigationController?.popViewController(animated: true) }
// ANCHOR: after-pop
        } catch {
            messageLabel.text = switch error {
            case .emptyName: "이름을 입력해 주세요."
            case .invalidEmail: "이메일 주소를 확인해 주세요."
            }
        }
        saveButton.isEnabled = true
    }
}
// ANCHOR_END: after-pop

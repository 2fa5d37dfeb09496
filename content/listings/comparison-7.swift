{{#include app-rx-app.swift}}

// 뷰: 입력을 스트림으로 넘기고, 출력 스트림을 화면에 잇습니다.
import UIKit

final class ContactListViewController: UIViewController, UITableViewDelegate {
    private let viewModel: ContactListViewModel
    private let book: ContactBook
    private let disposeBag = DisposeBag()
    private let appearing = PublishRelay<Void>()
    private let selected = PublishRelay<Int>()
    let tableView = UITableView(frame: .zero, style: .plain)
    let statusLabel = UILabel()
    private var dataSource: UITableViewDiffableDataSource<Int, ContactRow>!

    init(viewModel: ContactListViewModel, book: ContactBook) {
        self.viewModel = viewModel
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

        let output = viewModel.transform(input: .init(
            viewWillAppear: appearing.asObservable(),
            contactSelected: selected.asObservable()))
        output.rows
            .drive(with: self, onNext: { screen, rows in
                var snapshot = NSDiffableDataSourceSnapshot<Int, ContactRow>()
                snapshot.appendSections([0])
                snapshot.appendItems(rows)
                screen.dataSource.apply(snapshot, animatingDifferences: true)
            })
            .disposed(by: disposeBag)
        output.status
            .drive(statusLabel.rx.text)
            .disposed(by: disposeBag)
        output.showDetail
            .emit(with: self, onNext: { screen, contact in
                let detail = ContactDetailViewController(
                    viewModel: ContactDetailViewModel(id: contact.id, book: screen.book), book: screen.book)
                screen.navigationController?.pushViewController(detail, animated: true)
            })
            .disposed(by: disposeBag)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearing.accept(())
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let row = dataSource.itemIdentifier(for: indexPath) else { return }
        selected.accept(row.id)
    }
}

final class ContactDetailViewController: UIViewController {
    private let viewModel: ContactDetailViewModel
    private let book: ContactBook
    private let disposeBag = DisposeBag()
    let summaryLabel = UILabel()
    let editButton = UIButton(type: .system)

    init(viewModel: ContactDetailViewModel, book: ContactBook) {
        self.viewModel = viewModel
        self.book = book
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        editButton.setTitle("편집", for: .normal)
        view.addSubview(summaryLabel)
        view.addSubview(editButton)

        let output = viewModel.transform(input: .init(editTapped: editButton.rx.tap.asObservable()))
        output.title
            .drive(with: self, onNext: { screen, title in screen.title = title })
            .disposed(by: disposeBag)
        output.summary
            .drive(summaryLabel.rx.text)
            .disposed(by: disposeBag)
        output.showEditor
            .emit(with: self, onNext: { screen, contact in
                let editor = ContactEditViewController(
                    viewModel: ContactEditViewModel(contact: contact, book: screen.book), contact: contact)
                screen.navigationController?.pushViewController(editor, animated: true)
            })
            .disposed(by: disposeBag)
    }
}

final class ContactEditViewController: UIViewController {
    private let viewModel: ContactEditViewModel
    private let contact: Contact
    private let disposeBag = DisposeBag()
    let nameField = UITextField()
    let emailField = UITextField()
    let saveButton = UIButton(type: .system)
    let messageLabel = UILabel()

    init(viewModel: ContactEditViewModel, contact: Contact) {
        self.viewModel = viewModel
        self.contact = contact
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
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
        emailField.accessibilityIdentifier = "이메일"
        for subview in [nameField, emailField, saveButton, messageLabel] {
            view.addSubview(subview)
        }

        let output = viewModel.transform(input: .init(
            name: nameField.rx.text.orEmpty.asObservable(),
            email: emailField.rx.text.orEmpty.asObservable(),
            saveTapped: saveButton.rx.tap.asObservable()))
        output.message
            .drive(messageLabel.rx.text)
            .disposed(by: disposeBag)
        output.isSaving
            .map { !$0 }
            .drive(saveButton.rx.isEnabled)
            .disposed(by: disposeBag)
        output.finished
            .emit(with: self, onNext: { screen, _ in
                if screen.navigationController?.viewControllers.last === screen { screen.navigationController?.popViewController(animated: true) }
            })
            .disposed(by: disposeBag)
    }
}

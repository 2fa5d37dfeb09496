import Foundation

struct Contact: Hashable, Sendable {
    let id: Int
    var name: String
    var email: String
}

enum ContactSaveError: Error {
    case emptyName
    case invalidEmail
}

// 보관소: 비동기로 읽고 씁니다. 실제 앱이라면 이 자리에 디스크나 서버가 있습니다.
actor ContactArchive {
    private var contacts: [Int: Contact]

    init(_ contacts: [Contact]) {
        self.contacts = Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) })
    }

    func all() async throws -> [Contact] {
        try await Task.sleep(for: .milliseconds(5)) // 네트워크 왕복 시간을 흉내 냅니다.
        return contacts.values.sorted { $0.id < $1.id }
    }

    // 도메인 규칙: 이름이 있고 이메일에 @가 있어야 저장합니다.
    func save(_ contact: Contact) async throws(ContactSaveError) {
        guard !contact.name.isEmpty else { throw .emptyName }
        guard contact.email.contains("@") else { throw .invalidEmail }
        contacts[contact.id] = contact
    }
}

let sampleContacts = [
    Contact(id: 1, name: "홍길동", email: "gildong@example.com"),
    Contact(id: 2, name: "김철수", email: "chulsoo@example.com"),
]
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
// 뷰 모델: 입력 스트림을 받아 출력 스트림을 돌려주는 transform(input:) 하나로 일합니다.
import RxSwift
import RxRelay
import RxCocoa

// 공유 모델을 Rx로 관찰하는 감싸개: 지금의 목록을 곧바로 보내고, 바뀔 때마다 새 목록을 보냅니다.
extension ContactBook {
    var contactStream: Observable<[Contact]> {
        Observable<[Contact]>.create { observer in
            observer.onNext(self.contacts)
            // 관찰 Task는 공유 모델(self)만 붙잡습니다. 뷰 모델도 화면도 붙잡지 않습니다.
            let observing = Task {
                for await contacts in Observations({ self.contacts }) {
                    observer.onNext(contacts)
                }
            }
            return Disposables.create { observing.cancel() } // 구독이 끝나면 관찰도 끝나고 공유 모델을 놓습니다.
        }
        .distinctUntilChanged() // Observations의 첫 값이 방금 보낸 목록과 같으면 거릅니다.
    }
}

struct ContactRow: Hashable, Sendable {
    let id: Int
    let text: String
}

@MainActor
final class ContactListViewModel {
    struct Input {
        let viewWillAppear: Observable<Void>
        let contactSelected: Observable<Int> // 누른 행의 연락처 식별자
    }

    struct Output {
        let rows: Driver<[ContactRow]>
        let status: Driver<String>
        let showDetail: Signal<Contact>
    }

    private let book: ContactBook
    private let disposeBag = DisposeBag()

    init(book: ContactBook) {
        self.book = book
    }

    func transform(input: Input) -> Output {
        let status = BehaviorRelay(value: "")
        input.viewWillAppear
            .take(1) // 한 번 불러온 뒤에는 공유 모델의 변경을 따라갑니다.
            .do(onNext: { status.accept("불러오는 중…") })
            .flatMapLatest { [book] in
                // 구독이 끝나면 불러오던 Task를 취소합니다.
                Observable<Bool>.create { observer in
                    let loading = Task {
                        do {
                            try await book.reload()
                            observer.onNext(true)
                        } catch where !Task.isCancelled {
                            observer.onNext(false) // 실패: 오류로 끝내지 않고 값으로 알립니다.
                        } catch {}
                        observer.onCompleted() // 한 번 답하는 요청이므로 끝냅니다.
                    }
                    return Disposables.create { loading.cancel() }
                }
            }
            .subscribe(onNext: { loaded in
                status.accept(loaded ? "" : "목록을 불러오지 못했습니다.")
            })
            .disposed(by: disposeBag)
        let showDetail = input.contactSelected
            .map { [book] id in book.contact(id: id) } // 고른 순간의 공유 모델에서 찾습니다.
            .compactMap { $0 } // 그사이 지워진 연락처는 열지 않습니다.
            .asSignal(onErrorSignalWith: .empty())
        return Output(
            rows: book.contactStream.map { $0.map { ContactRow(id: $0.id, text: $0.name) } }
                .asDriver(onErrorJustReturn: []),
            status: status.asDriver(),
            showDetail: showDetail)
    }
}

@MainActor
final class ContactDetailViewModel {
    struct Input {
        let editTapped: Observable<Void>
    }

    struct Output {
        let title: Driver<String>
        let summary: Driver<String>
        let showEditor: Signal<Contact>
    }

    private let id: Int
    private let book: ContactBook

    // 연락처 값이 아니라 식별자를 받고, 현재 값은 공유 모델에서 읽습니다.
    init(id: Int, book: ContactBook) {
        self.id = id
        self.book = book
    }

    func transform(input: Input) -> Output {
        let contact = book.contactStream.compactMap { [id] list in list.first { $0.id == id } }.share(replay: 1)
        return Output(
            title: contact.map(\.name).asDriver(onErrorJustReturn: ""),
            summary: contact.map { "\($0.name) <\($0.email)>" }.asDriver(onErrorJustReturn: ""),
            showEditor: input.editTapped.withLatestFrom(contact).asSignal(onErrorSignalWith: .empty()))
    }
}

@MainActor
final class ContactEditViewModel {
    struct Input {
        let name: Observable<String>
        let email: Observable<String>
        let saveTapped: Observable<Void>
    }

    struct Output {
        let message: Driver<String>
        let isSaving: Driver<Bool>
        let finished: Signal<Void> // 결과는 돌려주지 않고, 끝났다는 것만 알립니다.
    }

    private let contact: Contact
    private let book: ContactBook
    private let disposeBag = DisposeBag()

    init(contact: Contact, book: ContactBook) {
        self.contact = contact
        self.book = book
    }

    func transform(input: Input) -> Output {
        let message = BehaviorRelay(value: "")
        let isSaving = BehaviorRelay(value: false)
        let finished = PublishRelay<Void>()
        input.saveTapped
            .filter { !isSaving.value } // 저장을 기다리는 사이 또 눌러도 한 번만 저장합니다.
            .withLatestFrom(Observable.combineLatest(input.name, input.email))
            .flatMap { [contact, book] form in
                // 불러오기와 같은 모양입니다. 구독이 끝나면 저장하는 Task도 취소됩니다.
                Observable<Result<Contact, ContactSaveError>>.create { observer in
                    let edited = Contact(id: contact.id, name: form.0, email: form.1)
                    isSaving.accept(true)
                    let saving = Task {
                        do throws(ContactSaveError) { // 클로저 안의 do는 오류 타입을 추론하지 않으므로 적습니다.
                            try await book.save(edited) // 공유 모델이 바뀌면 목록과 상세 화면이 따라갑니다.
                            observer.onNext(.success(edited))
                        } catch {
                            observer.onNext(.failure(error))
                        }
                        observer.onCompleted() // 끝내지 않으면 flatMap이 이 구독을 화면이 사는 내내 쥡니다.
                    }
                    return Disposables.create { saving.cancel() }
                }
            }
            .subscribe(onNext: { result in
                switch result {
                case .success: finished.accept(())
                case .failure(.emptyName): message.accept("이름을 입력해 주세요.")
                case .failure(.invalidEmail): message.accept("이메일 주소를 확인해 주세요.")
                }
                isSaving.accept(false)
            })
            .disposed(by: disposeBag)
        return Output(
            message: message.asDriver(),
            isSaving: isSaving.asDriver(),
            finished: finished.asSignal())
    }
}

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
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 칸을 찾습니다.
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
                screen.navigationController?.popViewController(animated: true)
            })
            .disposed(by: disposeBag)
    }
}

// ANCHOR: model
// 보관소와 공유 모델에 삭제를 더합니다. 줄 끝의 "// +"는 8장의 코드에 더한 줄, "// ~"는 고친 줄입니다.
// ANCHOR: archive
extension ContactArchive {
    func delete(id: Int) { // +
        contacts[id] = nil // +
    } // +
}
// ANCHOR_END: archive

// ANCHOR: book
extension ContactBook {
    func delete(id: Int) async { // +
        await archive.delete(id: id) // +
        contacts.removeAll { $0.id == id } // +
    } // +
}
// ANCHOR_END: book
// ANCHOR_END: model

// ANCHOR: mvc
// ANCHOR: mvc-head
// Apple의 MVC: 상세 뷰 컨트롤러 하나만 고칩니다(편집과 요약에 쓰는 줄은 뺐습니다).
import UIKit

final class ContactDetailViewController: UIViewController {
    private let id: Int
    private let book: ContactBook
    let deleteButton = UIButton(type: .system) // +

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
        deleteButton.setTitle("삭제", for: .normal) // +
        deleteButton.addAction(UIAction { [weak self] _ in // +
            Task { await self?.delete() } // +
        }, for: .touchUpInside) // +
        view.addSubview(deleteButton) // +
    }

    private func delete() async { // +
        await book.delete(id: id) // +
// ANCHOR_END: mvc-head
        // 삭제를 기다리는 사이 편집 화면이 올라왔을 수 있으므로, 맨 위가 아니라 이 화면의 바로 아래로 돌아갑니다.
        let stack = navigationController?.viewControllers ?? [] // +
        guard let index = stack.firstIndex(of: self), index > 0 else { return } // +
        navigationController?.popToViewController(stack[index - 1], animated: true) // +
// ANCHOR: mvc-tail
    } // +
}
// ANCHOR_END: mvc-tail
// ANCHOR_END: mvc

// ANCHOR: mvp
// MVP의 프레젠터와 뷰 프로토콜: UIKit을 import하지 않습니다.
@MainActor
protocol ContactDetailView: AnyObject {
    func close() // +
}

@MainActor
final class ContactDetailPresenter {
    private weak var view: (any ContactDetailView)?
    private let id: Int
    private let book: ContactBook

    init(view: any ContactDetailView, id: Int, book: ContactBook) {
        self.view = view
        self.id = id
        self.book = book
    }

    func deleteTapped() async { // +
        await book.delete(id: id) // +
        view?.close() // +
    } // +
}
// ANCHOR_END: mvp

// ANCHOR: mvp-view
// MVP의 뷰 컨트롤러: 버튼과 close()만 더합니다.
import UIKit

final class ContactDetailViewController: UIViewController, ContactDetailView {
    var presenter: ContactDetailPresenter?
    let deleteButton = UIButton(type: .system) // +

    override func viewDidLoad() {
        super.viewDidLoad()
        deleteButton.setTitle("삭제", for: .normal) // +
        deleteButton.addAction(UIAction { [weak self] _ in // +
            Task { await self?.presenter?.deleteTapped() } // +
        }, for: .touchUpInside) // +
        view.addSubview(deleteButton) // +
    }

    func close() { // +
        let stack = navigationController?.viewControllers ?? [] // +
        guard let index = stack.firstIndex(of: self), index > 0 else { return } // +
        navigationController?.popToViewController(stack[index - 1], animated: true) // +
    } // +
}
// ANCHOR_END: mvp-view

// ANCHOR: mvvm
// MVVM+C의 뷰 모델: UIKit을 import하지 않습니다. 화면을 닫는 일은 코디네이터가 정합니다.
import Observation

@MainActor
@Observable
final class ContactDetailViewModel {
    @ObservationIgnored var onDelete: (() -> Void)? // +
    private let id: Int
    private let book: ContactBook

    init(id: Int, book: ContactBook) {
        self.id = id
        self.book = book
    }

    func deleteTapped() async { // +
        await book.delete(id: id) // +
        onDelete?() // +
    } // +
}
// ANCHOR_END: mvvm

// ANCHOR: mvvm-c-view
// MVVM+C의 뷰 컨트롤러와 흐름 코디네이터
import UIKit

final class ContactDetailViewController: UIViewController {
    private let viewModel: ContactDetailViewModel
    let deleteButton = UIButton(type: .system) // +

    init(viewModel: ContactDetailViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        deleteButton.setTitle("삭제", for: .normal) // +
        deleteButton.addAction(UIAction { [weak self] _ in // +
            Task { await self?.viewModel.deleteTapped() } // +
        }, for: .touchUpInside) // +
        view.addSubview(deleteButton) // +
    }
}

@MainActor
final class ContactFlowCoordinator {
    private let navigationController: UINavigationController
    private let book: ContactBook

    init(navigationController: UINavigationController, book: ContactBook) {
        self.navigationController = navigationController
        self.book = book
    }

    func start(with contact: Contact) {
        let detail = ContactDetailViewModel(id: contact.id, book: book)
        let screen = ContactDetailViewController(viewModel: detail)
        detail.onDelete = { [weak self, weak screen] in // +
            if let screen { self?.close(screen) } // +
        } // +
        navigationController.pushViewController(screen, animated: true)
    }

    // 8.3절의 코디네이터가 편집 화면을 닫는 메서드를 그대로 씁니다.
    private func close(_ screen: UIViewController) {
        let stack = navigationController.viewControllers
        guard let index = stack.firstIndex(of: screen), index > 0 else { return }
        navigationController.popToViewController(stack[index - 1], animated: true)
    }
}
// ANCHOR_END: mvvm-c-view

// ANCHOR: rx
// ANCHOR: rx-head
// MVVM(Rx)의 뷰 모델: 입력에 탭 스트림을, 출력에 삭제가 끝났음을 알리는 `deleted`(`Signal`)를 더합니다.
import RxSwift
import RxCocoa

@MainActor
final class ContactDetailViewModel {
    struct Input {
        let deleteTapped: Observable<Void> // +
    }

    struct Output {
        let deleted: Signal<Void> // +
    }

    private let id: Int
    private let book: ContactBook

    init(id: Int, book: ContactBook) {
        self.id = id
        self.book = book
    }

    func transform(input: Input) -> Output {
        let deleted = input.deleteTapped // +
            .flatMap { [id, book] in // +
                // 저장처럼 삭제도 공유 모델의 쓰기라, 구독이 끝나도 취소하지 않고 답만 버립니다.
                Observable<Void>.create { observer in // +
// ANCHOR_END: rx-head
                    Task { // +
                        await book.delete(id: id) // +
                        observer.onNext(()) // +
                        observer.onCompleted() // +
                    } // +
                    return Disposables.create() // +
// ANCHOR: rx-tail
                } // +
            } // +
            .asSignal(onErrorSignalWith: .empty()) // +
        return Output(deleted: deleted) // ~
    }
}
// ANCHOR_END: rx-tail
// ANCHOR_END: rx

// ANCHOR: rx-view
// MVVM(Rx)의 뷰 컨트롤러: 버튼 탭을 입력에, deleted 출력을 화면 닫기에 바인딩합니다.
import UIKit

final class ContactDetailViewController: UIViewController {
    private let viewModel: ContactDetailViewModel
    private let disposeBag = DisposeBag()
    let deleteButton = UIButton(type: .system) // +

    init(viewModel: ContactDetailViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        deleteButton.setTitle("삭제", for: .normal) // +
        view.addSubview(deleteButton) // +
        let output = viewModel.transform(input: .init(deleteTapped: deleteButton.rx.tap.asObservable())) // ~
        output.deleted // +
            .emit(with: self, onNext: { screen, _ in // +
                let stack = screen.navigationController?.viewControllers ?? [] // +
                guard let index = stack.firstIndex(of: screen), index > 0 else { return } // +
                screen.navigationController?.popToViewController(stack[index - 1], animated: true) // +
            }) // +
            .disposed(by: disposeBag) // +
    }
}
// ANCHOR_END: rx-view

// ANCHOR: tea-action
// TEA: 8.5절의 코드에 삭제를 더합니다. 숨긴 줄은 8.5절의 코드 그대로입니다.
// 액션, 이펙트, 리듀서: 닫힌 enum과 switch이므로 세 곳을 모두 고칩니다.
enum Action {
// ANCHOR_END: tea-action
// ANCHOR: tea-effect
    case deleteTapped(id: Int) // +
    case deleted(id: Int) // +
}

enum Effect: Equatable {
// ANCHOR_END: tea-effect
// ANCHOR: tea-reduce
    case delete(id: Int) // +
}

func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
// ANCHOR_END: tea-reduce
// ANCHOR: tea-reduce-end
// ANCHOR: tea-reduce-open
    case .deleteTapped(let id): // +
        guard state.path.contains(.detail(id: id)) else { return [] } // +
        return [.delete(id: id)] // +
    case .deleted(let id): // +
        state.contacts.removeAll { $0.id == id } // +
// ANCHOR_END: tea-reduce-open
        // 상세 화면을 닫는 것도 상태를 고치는 일입니다. 그 위에 쌓인 편집 화면도 함께 뺍니다.
        if let index = state.path.firstIndex(of: .detail(id: id)) { state.path.removeSubrange(index...) } // +
// ANCHOR: tea-reduce-close
    }
    return []
}
// ANCHOR_END: tea-reduce-close
// ANCHOR_END: tea-reduce-end
// ANCHOR: tea-store
// 스토어: 새 이펙트를 실행하는 case를 더합니다.
@MainActor
@Observable
final class Store {
// ANCHOR_END: tea-store
// ANCHOR: tea-run
    private func run(_ effect: Effect) async {
        switch effect {
// ANCHOR_END: tea-run
// ANCHOR: tea-run-end
        case .delete(let id): // +
            await archive.delete(id: id) // +
            send(.deleted(id: id)) // +
        }
    }
}
// ANCHOR_END: tea-run-end
// ANCHOR: tea-detail

// 상세 화면: 버튼을 더하고, 누르면 액션을 보냅니다.
final class ContactDetailViewController: UIViewController, ScreenController {
// ANCHOR_END: tea-detail
// ANCHOR: tea-detail-button
    let deleteButton = UIButton(type: .system) // +
// ANCHOR_END: tea-detail-button
// ANCHOR: tea-detail-load
    override func viewDidLoad() {
// ANCHOR_END: tea-detail-load
// ANCHOR: tea-detail-end
        deleteButton.setTitle("삭제", for: .normal) // +
        deleteButton.addAction(UIAction { [weak self] _ in // +
            guard let self else { return } // +
            store.send(.deleteTapped(id: id)) // +
        }, for: .touchUpInside) // +
        view.addSubview(deleteButton) // +
    }
// ANCHOR_END: tea-detail-end
// ANCHOR: tea-detail-close
}
// ANCHOR_END: tea-detail-close

// ANCHOR: mvcvs
// MVC+VS: 10장의 상세 뷰 컨트롤러 하나만 고칩니다. 숨긴 줄은 10장의 코드 그대로입니다.
final class ContactDetailViewController: UIViewController {
// ANCHOR_END: mvcvs
// ANCHOR: mvcvs-button
    let deleteButton = UIButton(type: .system) // +
// ANCHOR_END: mvcvs-button
// ANCHOR: mvcvs-load
    override func viewDidLoad() {
// ANCHOR_END: mvcvs-load
// ANCHOR: mvcvs-delete
// ANCHOR: mvcvs-delete-head
        deleteButton.setTitle("삭제", for: .normal) // +
        deleteButton.addAction(UIAction { [weak self] _ in // +
            Task { await self?.delete() } // +
        }, for: .touchUpInside) // +
        view.addSubview(deleteButton) // +
    }

    private func delete() async { // +
        await book.delete(id: id) // +
// ANCHOR_END: mvcvs-delete-head
        // 상세 화면을 닫는 것도 뷰 상태를 고치는 일입니다. 그사이 다른 연락처를 골랐다면 그대로 두고,
        // 이 연락처의 입력 중인 글자도 함께 지웁니다.
        guard viewState.state.selectedID == id else { return } // +
        viewState.state.selectedID = nil // +
        viewState.state.draft = nil // +
// ANCHOR: mvcvs-delete-tail
    } // +
// ANCHOR_END: mvcvs-delete-tail
// ANCHOR_END: mvcvs-delete
// ANCHOR: mvcvs-close
}
// ANCHOR_END: mvcvs-close

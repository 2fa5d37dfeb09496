{{#include contacts-book.swift}}
// 뷰 모델: 입력 스트림을 받아 출력 스트림을 돌려주는 transform(input:) 하나로 일합니다.
import RxSwift
import RxRelay
import RxCocoa

// 공유 모델을 Rx로 관찰하는 래퍼: 지금의 목록을 곧바로 보내고, 바뀔 때마다 새 목록을 보냅니다.
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
                // 불러오기와 같은 모양이지만, 저장은 공유 모델의 일이라 구독이 끝나도 취소하지 않고 답만 버립니다.
                Observable<Result<Contact, ContactSaveError>>.create { observer in
                    let edited = Contact(id: contact.id, name: form.0, email: form.1)
                    isSaving.accept(true)
                    Task {
                        do throws(ContactSaveError) { // 지금의 컴파일러는 클로저 안의 do에서 오류 타입을 추론하지 못하므로(이슈 #87556) 적습니다.
                            try await book.save(edited) // 공유 모델이 바뀌면 목록과 상세 화면이 따라갑니다.
                            observer.onNext(.success(edited))
                        } catch {
                            observer.onNext(.failure(error))
                        }
                        observer.onCompleted() // 끝내지 않으면 flatMap이 이 구독을 화면이 사는 내내 쥡니다.
                    }
                    return Disposables.create()
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

// ANCHOR: drive
import Testing

// 상세 화면을 목록 위에 올리고, 삭제 버튼을 누른 바로 뒤에 편집 화면 자리에 빈 뷰 컨트롤러를 올립니다.
// 삭제가 끝나고 화면 전환도 끝난 뒤의 스택을 돌려줍니다.
@MainActor
func deleteWhileEditing(_ detail: UIViewController, button: UIButton, book: ContactBook) async throws -> (list: UIViewController, stack: [UIViewController]) {
    let list = UIViewController()
    let navigation = UINavigationController(rootViewController: list)
    navigation.pushViewController(detail, animated: false)
    detail.loadViewIfNeeded()
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }

    button.sendActions(for: .touchUpInside) // 삭제: Task를 시작하고 곧바로 돌아옵니다.
    navigation.pushViewController(UIViewController(), animated: false) // 보관소가 답하기 전에 편집을 누릅니다.
    while book.contacts.count == 2 { try await Task.sleep(for: .milliseconds(1)) } // 닫기 요청은 같은 차례에 옵니다.
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }
    return (list, navigation.viewControllers)
}
// ANCHOR_END: drive
// ANCHOR: mvc
@MainActor
@Test("삭제를 기다리는 사이 편집 화면이 올라와도, 삭제가 끝나면 목록으로 돌아간다", .timeLimit(.minutes(1)))
func deleteWhileEditingReturnsToTheList() async throws {
    let book = ContactBook(archive: ContactArchive(sampleContacts))
    try await book.reload()
    let detail = ContactDetailViewController(id: 1, book: book)
    let (list, stack) = try await deleteWhileEditing(detail, button: detail.deleteButton, book: book)

    #expect(stack == [list])
}
// ANCHOR_END: mvc
// ANCHOR: mvp
@MainActor
@Test("삭제를 기다리는 사이 편집 화면이 올라와도, 삭제가 끝나면 목록으로 돌아간다", .timeLimit(.minutes(1)))
func presenterDeleteWhileEditingReturnsToTheList() async throws {
    let book = ContactBook(archive: ContactArchive(sampleContacts))
    try await book.reload()
    let detail = ContactDetailViewController()
    detail.presenter = ContactDetailPresenter(view: detail, id: 1, book: book)
    let (list, stack) = try await deleteWhileEditing(detail, button: detail.deleteButton, book: book)

    #expect(stack == [list])
}
// ANCHOR_END: mvp
// ANCHOR: rx
@MainActor
@Test("삭제를 기다리는 사이 편집 화면이 올라와도, 삭제가 끝나면 목록으로 돌아간다", .timeLimit(.minutes(1)))
func rxDeleteWhileEditingReturnsToTheList() async throws {
    let book = ContactBook(archive: ContactArchive(sampleContacts))
    try await book.reload()
    let detail = ContactDetailViewController(viewModel: ContactDetailViewModel(id: 1, book: book))
    let (list, stack) = try await deleteWhileEditing(detail, button: detail.deleteButton, book: book)

    #expect(stack == [list])
}
// ANCHOR_END: rx
// ANCHOR: rx-outlive
import Testing
import RxRelay

// 디스크나 서버에 쓰는 보관소처럼 삭제에 시간이 걸리고, 취소되면 지우지 않고 돌아오는 보관소입니다.
extension ContactArchive {
    func delete(id: Int) async {
        do { try await Task.sleep(for: .milliseconds(5)) } catch { return }
        contacts[id] = nil
    }
}

@MainActor
@Test("삭제 탭 바로 뒤에 구독이 끝나도 보관소에서 연락처를 지운다", .timeLimit(.minutes(1)))
func rxDeleteOutlivesTheSubscription() async throws {
    let archive = ContactArchive(sampleContacts)
    let book = ContactBook(archive: archive)
    try await book.reload()
    let tap = PublishRelay<Void>()
    let output = ContactDetailViewModel(id: 1, book: book).transform(input: .init(deleteTapped: tap.asObservable()))
    let subscription = output.deleted.emit(onNext: {})

    tap.accept(())
    subscription.dispose() // 보관소가 답하기 전에 화면이 떠나 DisposeBag이 구독을 끝냅니다.
    while book.contacts.count == 2 { try await Task.sleep(for: .milliseconds(1)) } // 공유 모델의 삭제가 끝나기를 기다립니다.

    #expect(try await archive.all().map(\.id) == [2]) // 공유 모델만이 아니라 보관소에서도 지웠습니다.
}
// ANCHOR_END: rx-outlive
// ANCHOR: mvvm-c
import Testing

@MainActor
@Test("삭제를 기다리는 사이 편집 화면이 올라와도, 코디네이터는 상세 화면부터 위를 닫는다", .timeLimit(.minutes(1)))
func coordinatorClosesTheDetailUnderTheEditor() async throws {
    let book = ContactBook(archive: ContactArchive(sampleContacts))
    try await book.reload()
    let list = UIViewController()
    let navigation = UINavigationController(rootViewController: list)
    let flow = ContactFlowCoordinator(navigationController: navigation, book: book)
    flow.start(with: sampleContacts[0])
    let detail = try #require(navigation.topViewController as? ContactDetailViewController)
    detail.loadViewIfNeeded()
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }

    detail.deleteButton.sendActions(for: .touchUpInside)
    navigation.pushViewController(UIViewController(), animated: false) // 보관소가 답하기 전에 편집을 누릅니다.
    while book.contacts.count == 2 { try await Task.sleep(for: .milliseconds(1)) }
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }

    #expect(navigation.viewControllers == [list])
}
// ANCHOR_END: mvvm-c
// ANCHOR: tea
import Testing

@Test("삭제를 기다리는 사이 편집을 눌러도, 삭제가 끝나면 상세 화면과 그 위의 편집 화면을 함께 뺀다")
func reducerDeletesUnderTheEditor() {
    var state = AppState(contacts: sampleContacts, path: [.detail(id: 1)])

    #expect(reduce(&state, .deleteTapped(id: 1)) == [.delete(id: 1)])
    #expect(reduce(&state, .editTapped).isEmpty) // 보관소가 답하기 전에 편집을 누릅니다.
    #expect(state.path.count == 2)
    #expect(reduce(&state, .deleted(id: 1)).isEmpty)
    #expect(state.path.isEmpty) // 지운 연락처의 편집 화면이 목록 위에 남지 않습니다.
    #expect(reduce(&state, .saveTapped).isEmpty) // 그래서 지운 연락처를 다시 저장할 수도 없습니다.
}
// ANCHOR_END: tea
// ANCHOR: mvcvs
import Testing

@MainActor
@Test("삭제를 기다리는 사이 편집 화면을 열어도, 삭제가 끝나면 고른 연락처와 입력 중인 글자를 함께 지운다", .timeLimit(.minutes(1)))
func deleteWhileEditingClearsTheDraft() async throws {
    let book = ContactBook(archive: ContactArchive(sampleContacts))
    try await book.reload()
    let viewState = ViewStateStore(ContactsViewState(selectedID: 1))
    let detail = ContactDetailViewController(id: 1, book: book, viewState: viewState)
    detail.loadViewIfNeeded()

    detail.deleteButton.sendActions(for: .touchUpInside)
    viewState.state.draft = .init(name: "홍길동", email: "gildong@example.com") // 보관소가 답하기 전에 편집을 누릅니다.
    while book.contacts.count == 2 { try await Task.sleep(for: .milliseconds(1)) } // 뷰 상태도 같은 차례에 고칩니다.

    #expect(viewState.state == ContactsViewState()) // 목록만 남고, 지운 연락처의 입력 중인 글자가 다음에 고른 연락처에 따라가지 않습니다.
}
// ANCHOR_END: mvcvs

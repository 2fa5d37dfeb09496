// ANCHOR: deeplink-app
{{#include mvvm-c-app.swift:deeplink-1}}
    var newContactFlow: NewContactCoordinator? // 앞 절의 모달 흐름을 이 앱에도 더했습니다.
{{#include mvvm-c-app.swift:deeplink-2}}
    func showNewContact() {
        let child = NewContactCoordinator(presenter: navigationController)
        child.onFinish = { [weak self] in
            self?.newContactFlow = nil
        }
        newContactFlow = child
        child.start()
    }

{{#include mvvm-c-app.swift:deeplink-3}}
    }
}

final class NewContactViewController: UIViewController {
    var onDone: (() -> Void)?
    let saveButton = UIButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "새 연락처"
        saveButton.addAction(UIAction { [weak self] _ in
            self?.onDone?()
        }, for: .touchUpInside)
        view.addSubview(saveButton)
    }
}

@MainActor
final class NewContactCoordinator: NSObject, UIAdaptivePresentationControllerDelegate {
    private let presenter: UIViewController
    var onFinish: (() -> Void)?

    init(presenter: UIViewController) {
        self.presenter = presenter
    }

    func start() {
        let form = NewContactViewController()
        form.onDone = { [weak self] in
            self?.presenter.dismiss(animated: true) { [weak self] in
                self?.onFinish?()
            }
        }
        let navigation = UINavigationController(rootViewController: form)
        navigation.presentationController?.delegate = self
        presenter.present(navigation, animated: true)
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        onFinish?()
{{#include mvvm-c-app.swift:deeplink-4}}
// ANCHOR_END: deeplink-app
// ANCHOR: deeplink-open
extension AppCoordinator {
    // contacts://contact/2 같은 주소를 엽니다. 모르는 주소나 없는 연락처면 false를 돌려줍니다.
    func open(_ url: URL) async -> Bool {
        guard url.scheme == "contacts", url.host() == "contact", let id = Int(url.lastPathComponent) else { return false }
        if book.contact(id: id) == nil { // 앱이 막 열려 공유 모델이 비어 있을 때만 불러옵니다.
            try? await book.reload()
        }
        guard let contact = book.contact(id: id) else { return false }
        if navigationController.presentedViewController != nil { // 떠 있는 시트부터 닫습니다.
            await withCheckedContinuation { closed in
                navigationController.dismiss(animated: false) { closed.resume() }
            }
            newContactFlow = nil // 코드로 닫으면 presentationControllerDidDismiss가 호출되지 않으므로 직접 놓습니다.
        }
        navigationController.popToRootViewController(animated: false) // 열려 있던 흐름을 닫습니다.
        showContact(contact)
        return true
    }
}
// ANCHOR_END: deeplink-open
// ANCHOR: deeplink-bridge
extension AppCoordinator {
    var sharedBook: ContactBook { book } // 테스트가 공유 모델을 읽는 통로
}
// ANCHOR_END: deeplink-bridge
// ANCHOR: deeplink-tests

import Testing

// 조건이 맞을 때까지 1밀리초씩 기다립니다. 끝없이 기다리면 테스트 모음의 timeLimit에 걸려 실패합니다.
@MainActor
func waitUntil(_ condition: () -> Bool) async {
    while !condition() {
        try? await Task.sleep(for: .milliseconds(1))
    }
}

@MainActor
@Suite("딥 링크로 여는 연락처", .timeLimit(.minutes(1)))
struct DeepLinkTests {
    let archive = ContactArchive(sampleContacts)
    let coordinator: AppCoordinator
    let link = URL(string: "contacts://contact/2")!

    init() {
        coordinator = AppCoordinator(archive: archive)
    }

    @Test("앱이 막 열렸을 때 딥 링크가 오면 목록 위에 그 연락처의 상세 화면이 쌓인다")
    func linkOnLaunch() async throws {
        coordinator.start()
        #expect(await coordinator.open(link))

        let navigation = coordinator.navigationController
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.viewControllers.first is ContactListViewController)
        let detail = try #require(navigation.topViewController as? ContactDetailViewController)
        detail.updatePropertiesIfNeeded() // UIKit이 다음 화면 갱신 때 하는 일
        #expect(detail.title == "김철수")
        #expect(coordinator.children.first?.firstScreen === detail)
    }

    @Test("다른 연락처를 편집하던 중에 딥 링크가 오면 그 흐름을 닫고 자식 코디네이터를 놓는다")
    func linkReplacesTheOpenFlow() async throws {
        coordinator.start()
        let navigation = coordinator.navigationController
        weak var previous: ContactFlowCoordinator?
        #expect(await coordinator.open(URL(string: "contacts://contact/1")!)) // 홍길동의 흐름
        await waitUntil { navigation.transitionCoordinator == nil } // 사람이 다음을 누르기 전에 전환이 끝납니다.
        previous = coordinator.children.first
        let first = try #require(navigation.topViewController as? ContactDetailViewController)
        first.editButton.sendActions(for: .touchUpInside)
        #expect(navigation.viewControllers.count == 3) // 연락처 → 홍길동 → 편집
        await waitUntil { navigation.transitionCoordinator == nil } // 사람이 다음을 누르기 전에 전환이 끝납니다.

        #expect(await coordinator.open(link))
        let detail = try #require(navigation.topViewController as? ContactDetailViewController)
        await waitUntil { navigation.transitionCoordinator == nil } // 김철수 화면이 나타나는 전환이 끝날 때까지

        #expect(navigation.viewControllers.count == 2) // 연락처 → 김철수
        #expect(coordinator.children.count == 1)
        #expect(coordinator.children.first?.firstScreen === detail)
        #expect(previous == nil)
    }

    @Test("새 연락처 시트가 떠 있을 때 딥 링크가 오면 시트를 닫고 그 자식 코디네이터도 놓는다")
    func linkClosesThePresentedSheet() async throws {
        coordinator.start()
        let navigation = coordinator.navigationController
        coordinator.showNewContact()
        weak var sheetFlow: NewContactCoordinator?
        sheetFlow = coordinator.newContactFlow
        #expect(navigation.presentedViewController != nil)

        #expect(await coordinator.open(link))
        #expect(navigation.presentedViewController == nil) // 상세 화면이 시트 밑에 깔리지 않습니다.
        #expect(coordinator.newContactFlow == nil)
        #expect(sheetFlow == nil)
        #expect(navigation.topViewController is ContactDetailViewController)
    }

    @Test("이미 불러온 연락처로 가는 딥 링크는 보관소를 다시 읽지 않는다")
    func linkToALoadedContactDoesNotReload() async throws {
        coordinator.start()
        #expect(await coordinator.open(URL(string: "contacts://contact/1")!)) // 처음에는 불러옵니다.
        // 공유 모델을 거치지 않고 보관소만 바꿉니다. 다시 읽었다면 공유 모델에 이 이름이 보입니다.
        try await archive.save(Contact(id: 1, name: "보관소에서만 바뀜", email: "gildong@example.com"))

        #expect(await coordinator.open(link))
        #expect(coordinator.sharedBook.contact(id: 1)?.name == "홍길동")
    }

    @Test("모르는 주소나 없는 연락처는 화면을 바꾸지 않는다")
    func unknownLinksChangeNothing() async {
        coordinator.start()
        #expect(await coordinator.open(URL(string: "contacts://contact/99")!) == false)
        #expect(await coordinator.open(URL(string: "https://example.com/contact/2")!) == false)
        #expect(coordinator.navigationController.viewControllers.count == 1)
        #expect(coordinator.children.isEmpty)
    }
}
// ANCHOR_END: deeplink-tests

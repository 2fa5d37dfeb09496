import UIKit

// 흐름의 첫 화면: 뒤로 가서 스택을 떠날 때 한 번 알립니다.
final class ContactDetailViewController: UIViewController {
    var onLeave: (() -> Void)?

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if isMovingFromParent { // 다른 화면에 덮인 것이 아니라 스택에서 빠졌습니다.
            onLeave?()
        }
    }
}

@MainActor
final class ContactFlowCoordinator {
    private let navigationController: UINavigationController
    private(set) weak var firstScreen: UIViewController?
    var onFinish: (() -> Void)?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start(name: String) {
        let detail = ContactDetailViewController()
        detail.title = name
        detail.onLeave = { [weak self] in self?.onFinish?() }
        firstScreen = detail
        navigationController.pushViewController(detail, animated: true)
    }
}

// 델리게이트 자리를 쓰지 않으므로 NSObject를 상속할 필요도 없습니다.
@MainActor
final class AppCoordinator {
    let navigationController: UINavigationController
    private(set) var children: [ContactFlowCoordinator] = []

    init(root: UIViewController) {
        navigationController = UINavigationController(rootViewController: root)
    }

    func showContact(named name: String) {
        let child = ContactFlowCoordinator(navigationController: navigationController)
        child.onFinish = { [weak self, weak child] in
            self?.children.removeAll { $0 === child }
        }
        children.append(child)
        child.start(name: name)
    }

    // 딥 링크처럼 스택을 한꺼번에 비울 때: 덮여 있던 첫 화면은 알리지 못하므로 자식을 직접 놓습니다.
    func closeAllFlows() {
        navigationController.popToRootViewController(animated: true)
        children.removeAll()
    }

    // 사용자가 여러 화면을 한꺼번에 뺄 때(기록 메뉴, 이미 고른 탭 바 항목 다시 누르기): 델리게이트 자리를 가진 코드가 didShow에서 호출합니다.
    func releaseFlows(notIn stack: [UIViewController]) {
        children.removeAll { child in !stack.contains { $0 === child.firstScreen } }
    }
}

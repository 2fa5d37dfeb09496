// ANCHOR: sheet-head
import UIKit

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

// 모달로 띄운 흐름: 저장 버튼으로 끝나거나, 사용자가 시트를 아래로 밀어 닫아 끝납니다.
@MainActor
final class NewContactCoordinator: NSObject, UIAdaptivePresentationControllerDelegate {
    private let presenter: UIViewController
    var onFinish: (() -> Void)?

    init(presenter: UIViewController) {
        self.presenter = presenter
    }

// ANCHOR_END: sheet-head
    func start() {
        let form = NewContactViewController()
        form.onDone = { [weak self] in
            // 코드로 닫으면 델리게이트는 호출되지 않으므로, 닫힘 전환이 끝나면 직접 끝냅니다.
            self?.presenter.dismiss(animated: true) { [weak self] in
                self?.onFinish?()
            }
        }
        let navigation = UINavigationController(rootViewController: form)
        navigation.presentationController?.delegate = self // 밀어 닫을 때 알림을 받습니다.
        presenter.present(navigation, animated: true)
    }
// ANCHOR: sheet-tail

    // 사용자가 시트를 아래로 밀어 닫으면 UIKit이 호출합니다.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        onFinish?()
    }

    deinit {
        print("  새 연락처 코디네이터 해제")
    }
}

@MainActor
final class AppCoordinator {
    let root = UIViewController()
    private(set) var children: [NewContactCoordinator] = []

    func showNewContact() {
        let child = NewContactCoordinator(presenter: root)
        child.onFinish = { [weak self, weak child] in
            self?.children.removeAll { $0 === child }
        }
        children.append(child)
        child.start()
    }
}

let app = AppCoordinator()
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) // 대체 구현의 창. iOS에서는 UIWindow(windowScene:)로 씬에 붙여 만듭니다.
window.rootViewController = app.root // 창에 없는 화면은 시트를 띄우지 못합니다.
window.makeKeyAndVisible()
// snippet.hide
@MainActor
func sheetClosed() async throws {
    while app.root.presentedViewController != nil {
        try await Task.sleep(for: .milliseconds(1))
    }
}
@MainActor
func report(_ step: String) {
    let top = (app.root.presentedViewController as? UINavigationController)?.topViewController
    top?.loadViewIfNeeded() // 시트가 화면에 올라올 때 UIKit이 하는 일
    let sheet = top?.title ?? "없음"
    print("\(step) │ 시트: \(sheet) │ 자식 코디네이터 \(app.children.count)개")
}
@MainActor
func form() -> NewContactViewController {
    (app.root.presentedViewController as! UINavigationController).topViewController as! NewContactViewController
}
// snippet.show
app.showNewContact()
report("새 연락처를 연 뒤")
form().saveButton.sendActions(for: .touchUpInside)
try await sheetClosed() // 애니메이션으로 닫는 전환이 끝나기를 기다립니다.
report("저장한 뒤")
app.showNewContact()
report("다시 연 뒤")
simulateInteractiveDismissal(of: app.root.presentedViewController!) // 사용자가 시트를 아래로 밀어 닫습니다.
report("밀어 닫은 뒤")
// ANCHOR_END: sheet-tail

// ANCHOR: app
// ANCHOR: helper-head
import UIKit
import Observation

// iOS 17·18용 도우미: apply가 읽은 @Observable 속성이 바뀌면 apply를 다시 호출하고 추적을 다시 겁니다.
@MainActor
func observe(_ apply: @escaping @MainActor () -> Void) {
    withObservationTracking {
        apply()
    } onChange: {
        // 바뀌기 직전에 호출되므로, 메인 액터의 다음 차례에 새 값으로 다시 그립니다.
// ANCHOR_END: helper-head
        Task { @MainActor in observe(apply) }
// ANCHOR: helper-tail
    }
}

@MainActor
@Observable
final class GreetingViewModel {
    var name: String
    private(set) var greeting = ""

    init(name: String) {
        self.name = name
    }

    func greetTapped() {
        greeting = "안녕하세요, \(name)님!"
    }
}

final class GreetingViewController: UIViewController {
    private let viewModel: GreetingViewModel
    let greetButton = UIButton(type: .system)
    let messageLabel = UILabel()

    init(viewModel: GreetingViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        greetButton.addAction(UIAction { [weak self] _ in
            self?.viewModel.greetTapped()
        }, for: .touchUpInside)
        view.addSubview(greetButton)
        view.addSubview(messageLabel)
        if #unavailable(iOS 26) { // iOS 17·18: UIKit이 updateProperties()를 호출하지 않으므로 직접 관찰합니다.
            observe { [weak self] in self?.render() }
        }
    }

    @available(iOS 26, *)
    override func updateProperties() {
        super.updateProperties()
        render()
    }

    // 두 길이 함께 쓰는 읽기입니다.
    func render() {
        messageLabel.text = viewModel.greeting
    }
}

let viewModel = GreetingViewModel(name: "홍길동")
let screen = GreetingViewController(viewModel: viewModel)
screen.loadViewIfNeeded()
// iOS 17·18의 길: viewDidLoad()의 #unavailable 분기가 거는 관찰을 여기서 직접 겁니다.
observe { [weak screen] in screen?.render() }
// ANCHOR_END: helper-tail
// ANCHOR_END: app
// ANCHOR: wait-helper
@MainActor
func waitUntilShown(_ text: String) async {
    while screen.messageLabel.text != text {
        try? await Task.sleep(for: .milliseconds(1))
    }
    print("레이블: \"\(text)\"")
}
// ANCHOR_END: wait-helper
// ANCHOR: drive
screen.greetButton.sendActions(for: .touchUpInside)
await waitUntilShown("안녕하세요, 홍길동님!") // 갱신 주기 없이 도우미가 다시 그립니다.
viewModel.name = "홍길순"
screen.greetButton.sendActions(for: .touchUpInside)
await waitUntilShown("안녕하세요, 홍길순님!") // 추적을 다시 걸었으므로 두 번째 변경도 보입니다.
// ANCHOR_END: drive

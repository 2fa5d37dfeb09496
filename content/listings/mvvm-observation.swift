// ANCHOR: view-model
import Observation

struct Member {
    let givenName: String
    let familyName: String
}

@MainActor
@Observable
final class GreetingViewModel {
    var member: Member
    private(set) var greeting = ""

    init(member: Member) {
        self.member = member
    }

    func greetTapped() {
        greeting = "안녕하세요, \(member.familyName)\(member.givenName)님!"
    }
}
// ANCHOR_END: view-model
// ANCHOR: controller
// ANCHOR: controller-head
import UIKit
import Observation

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
        greetButton.setTitle("인사하기", for: .normal)
        greetButton.addAction(UIAction { [weak self] _ in
            self?.viewModel.greetTapped()
        }, for: .touchUpInside)
        view.addSubview(greetButton)
        view.addSubview(messageLabel)
        updateGreetingLabel()
    }

// ANCHOR_END: controller-head
    private func updateGreetingLabel() {
        withObservationTracking {
            messageLabel.text = viewModel.greeting
        } onChange: { [weak self] in
            // 값이 바뀌기 직전에 한 번만 호출되므로, 바뀐 뒤에 다시 읽으면서 추적을 새로 겁니다.
            Task { @MainActor [weak self] in // 안쪽 작업도 self를 약하게 잡습니다.
                self?.updateGreetingLabel()
            }
        }
    }
// ANCHOR: controller-tail
}

let viewModel = GreetingViewModel(member: Member(givenName: "길동", familyName: "홍"))
let screen = GreetingViewController(viewModel: viewModel)
// ANCHOR_END: controller-tail
// ANCHOR_END: controller
// ANCHOR: drive
screen.loadViewIfNeeded()
screen.greetButton.sendActions(for: .touchUpInside)
await Task.yield() // 예약된 화면 갱신이 메인 액터에서 실행될 차례를 줍니다.
print("첫 번째 탭: \(screen.messageLabel.text ?? "")")
viewModel.member = Member(givenName: "길순", familyName: "홍")
screen.greetButton.sendActions(for: .touchUpInside)
await Task.yield()
print("두 번째 탭: \(screen.messageLabel.text ?? "")")
// ANCHOR_END: drive

// ANCHOR: binder
import RxRelay
import RxSwift
import UIKit

// 모델 어댑터: 바꾸는 길은 메시지, 읽는 길은 신호입니다.
final class ContactAdapter {
    enum Message {
        case save
        case saved(name: String)
    }

    private let nameRelay: BehaviorRelay<String>
    private let savingRelay = BehaviorRelay(value: false)

    init(name: String) {
        nameRelay = BehaviorRelay(value: name)
    }

    var name: Observable<String> { nameRelay.asObservable() }
    var isSaving: Observable<Bool> { savingRelay.asObservable() }

    func send(_ message: Message) {
        switch message {
        case .save:
            savingRelay.accept(true)
        case .saved(let name):
            nameRelay.accept(name)
            savingRelay.accept(false)
        }
    }
}

// 바인딩: 뷰의 속성 하나에 무엇을 잇는지 적은 값입니다.
enum LabelBinding {
    case text(Observable<String>) // 신호를 속성으로 (CwlViews: .text <-- 신호)
}

enum ButtonBinding {
    case title(String) // 한 번 정하는 상수 (.title -- 값)
    case isEnabled(Observable<Bool>) // 신호를 속성으로 (.isEnabled <-- 신호)
    case tap(() -> Void) // 뷰의 이벤트를 입력으로 (.action --> 입력)
}

// 뷰 바인더: 모델 어댑터를 받아 바인딩의 목록을 돌려주는 함수입니다. 뷰를 만들지 않습니다.
func nameLabel(_ adapter: ContactAdapter) -> [LabelBinding] {
    [.text(adapter.name)]
}

func saveButton(_ adapter: ContactAdapter) -> [ButtonBinding] {
    [
        .title("저장"),
        .isEnabled(adapter.isSaving.map { !$0 }),
        .tap { adapter.send(.save) },
    ]
}

// 바인더(교육용 모형, CwlViews의 API가 아닙니다): 목록대로 실제 뷰를 만들고 신호를 속성에 잇습니다.
// 구독은 bag에 담기므로, bag을 쥔 쪽이 bag을 놓으면 바인딩도 함께 끊깁니다.
@MainActor
func makeLabel(_ bindings: [LabelBinding], in bag: DisposeBag) -> UILabel {
    let label = UILabel()
    for binding in bindings {
        switch binding {
        case .text(let signal):
            signal.subscribe(onNext: { [weak label] in label?.text = $0 }).disposed(by: bag)
        }
    }
    return label
}

@MainActor
func makeButton(_ bindings: [ButtonBinding], in bag: DisposeBag) -> UIButton {
    let button = UIButton(type: .system)
    for binding in bindings {
        switch binding {
        case .title(let title):
            button.setTitle(title, for: .normal)
        case .isEnabled(let signal):
            signal.subscribe(onNext: { [weak button] in button?.isEnabled = $0 }).disposed(by: bag)
        case .tap(let input):
            button.addAction(UIAction { _ in input() }, for: .touchUpInside)
        }
    }
    return button
}
// ANCHOR_END: binder

final class Box<Value> {
    private var observers: [(Value) -> Void] = []

    var value: Value {
        didSet {
            for observer in observers {
                observer(value)
            }
        }
    }

    init(initialValue: Value) {
        value = initialValue
    }

    func observe(_ observer: @escaping (Value) -> Void) {
        observers.append(observer)
        observer(value) // 등록하자마자 지금 값을 한 번 건넵니다.
    }
}
import Foundation

@MainActor
final class AmountViewModel {
    private(set) var amount: Int? // 유일한 출처: 필드의 글자는 언제나 이 값에서 만들어집니다.
    let text = Box(initialValue: "")

    private let formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "ko_KR")
        return formatter
    }()

    func textDidChange(_ input: String) {
        let digits = input.filter { $0 != "," }
        if digits.isEmpty {
            amount = nil
        } else if let number = Int(digits), number >= 0 {
            amount = number
        } // 숫자가 아닌 입력은 버리고 금액을 그대로 둡니다.
        text.value = amount.flatMap { formatter.string(from: NSNumber(value: $0)) } ?? ""
    }
}

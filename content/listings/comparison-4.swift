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
        observer(value)
    }
}
import Foundation

@MainActor
final class AmountViewModel {
    private(set) var amount: Int?
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
        }
        text.value = amount.flatMap { formatter.string(from: NSNumber(value: $0)) } ?? ""
    }
}
import UIKit

final class AmountViewController: UIViewController {
    private let viewModel: AmountViewModel
    let amountField = UITextField()

    init(viewModel: AmountViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        amountField.keyboardType = .numberPad
        view.addSubview(amountField)
        viewModel.text.observe { [weak self] text in
            self?.amountField.text = text
        }
        amountField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            viewModel.textDidChange(amountField.text ?? "")
        }, for: .editingChanged)
    }
}

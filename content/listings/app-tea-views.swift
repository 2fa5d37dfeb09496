// ANCHOR: views
// 가상 뷰: 앱의 화면 전체를 값으로 적습니다. 내비게이션 스택도 이 값의 일부입니다.
struct AppView: Equatable {
    var stack: [ScreenView] // 맨 앞이 목록 화면
}

struct ScreenView: Equatable {
    var title: String
    var content: Content

    enum Content: Equatable {
        case list(status: String, rows: [RowView], onAppear: Action)
        case detail(id: Int, summary: String, edit: ButtonView)
        case edit(id: Int, name: FieldView, email: FieldView, message: String, save: ButtonView)
    }
}

// 사용자 입력이 보낼 액션도 값으로 적으므로, 가상 뷰 전체를 ==로 비교할 수 있습니다.
struct RowView: Equatable {
    let id: Int
    var text: String
    var onSelect: Action
}

struct ButtonView: Equatable {
    var title: String
    var isEnabled = true
    var onTap: Action
}

struct FieldView: Equatable {
    enum Input: Equatable { case name, email } // 글자가 바뀌면 보낼 액션의 종류
    var text: String
    var onChange: Input
}

extension Action: Equatable {}

// 상태에서 가상 뷰를 계산하는 순수 함수입니다. UIKit 객체를 만들지 않습니다.
func appView(_ state: AppState) -> AppView {
    let rows = state.contacts.map { RowView(id: $0.id, text: $0.name, onSelect: .selected(id: $0.id)) }
    let list = ScreenView(title: "연락처", content: .list(status: state.status, rows: rows, onAppear: .appeared))
    return AppView(stack: [list] + state.path.map { screen in
        switch screen {
        case .detail(let id):
            let contact = state.contact(id: id)
            return ScreenView(title: contact?.name ?? "", content: .detail(
                id: id, summary: contact.map { "\($0.name) <\($0.email)>" } ?? "",
                edit: ButtonView(title: "편집", onTap: .editTapped)))
        case .edit(let draft):
            return ScreenView(title: "편집", content: .edit(
                id: draft.id,
                name: FieldView(text: draft.name, onChange: .name),
                email: FieldView(text: draft.email, onChange: .email),
                message: draft.message,
                save: ButtonView(title: "저장", isEnabled: !draft.isSaving, onTap: .saveTapped)))
        }
    })
}
// ANCHOR_END: views
// ANCHOR: driver
import UIKit

// 재조정기: 앱 전체의 가상 뷰를 앞의 값과 비교해 달라진 곳만 UIKit 뷰에 옮기고, 뷰의 이벤트를 액션으로 보냅니다.
// 상태도 리듀서도 모르고, AppView와 Action만 압니다.
final class AppReconciler: UINavigationController, UINavigationControllerDelegate {
    private let describe: () -> AppView
    private let send: (Action) -> Void
    private var shown = AppView(stack: []) // 마지막으로 옮긴 가상 뷰
    private var screens: [ScreenHost] = [] // 그 가상 뷰의 스택에 맞춘 컨트롤러

    init(describe: @escaping () -> AppView, send: @escaping (Action) -> Void) {
        self.describe = describe
        self.send = send
        super.init(nibName: nil, bundle: nil)
        delegate = self
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    // 상태를 뷰로 옮기는 곳은 앱 전체에서 이 메서드 하나입니다.
    override func updateProperties() {
        super.updateProperties()
        let next = describe()
        guard next != shown else { return }
        var stack: [ScreenHost] = []
        for (screen, controller) in zip(next.stack, screens) {
            guard controller.shows(screen) else { break }
            stack.append(controller) // 같은 화면을 보이는 컨트롤러는 그대로 둡니다.
        }
        stack += next.stack.dropFirst(stack.count).map { _ in ScreenHost(send: send) }
        for (controller, screen) in zip(stack, next.stack) { controller.apply(screen) }
        // 스택은 가상 뷰의 스택이 바뀌었을 때만 맞춥니다. 뒤로 버튼으로 이미 줄어든 스택은 그대로 둡니다.
        if !stack.elementsEqual(screens, by: ===), !stack.elementsEqual(viewControllers, by: ===) {
            setViewControllers(stack, animated: !screens.isEmpty && abs(stack.count - viewControllers.count) == 1)
        }
        screens = stack
        shown = next
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        let depth = viewControllers.count - 1
        if depth < screens.count - 1 { // 사용자가 뒤로 갔습니다.
            send(.popped(depth: depth))
        }
    }
}

// 가상 뷰 하나를 UIKit 뷰로 옮기는 컨트롤러입니다. 화면의 종류마다 하위 클래스를 만들지 않습니다.
final class ScreenHost: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let send: (Action) -> Void
    private var shown: ScreenView?
    let tableView = UITableView(frame: .zero, style: .plain)
    let label = UILabel() // 목록의 상태 글자, 상세 화면의 요약, 편집 화면의 안내 메시지
    let nameField = UITextField()
    let emailField = UITextField()
    let button = UIButton(type: .system) // 편집 또는 저장

    init(send: @escaping (Action) -> Void) {
        self.send = send
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("코드로만 만드는 화면입니다")
    }

    // 가상 뷰의 식별: 같은 종류, 같은 연락처의 화면이면 같은 컨트롤러가 계속 보입니다.
    func shows(_ screen: ScreenView) -> Bool {
        switch (shown?.content, screen.content) {
        case (.list?, .list): true
        case (.detail(let old, _, _)?, .detail(let new, _, _)): old == new
        case (.edit(let old, _, _, _, _)?, .edit(let new, _, _, _, _)): old == new
        default: false
        }
    }

    func apply(_ next: ScreenView) {
        guard next != shown else { return }
        let previous = shown
        shown = next
        if previous == nil { build(for: next.content) }
        title = next.title
        switch next.content {
        case .list(let status, let rows, _):
            label.text = status
            if case .list(_, let old, _)? = previous?.content, old == rows {} else { tableView.reloadData() }
        case .detail(_, let summary, let edit):
            label.text = summary
            button.setTitle(edit.title, for: .normal)
        case .edit(_, let name, let email, let message, let save):
            if nameField.text != name.text { nameField.text = name.text } // 입력 중인 필드는 건드리지 않습니다.
            if emailField.text != email.text { emailField.text = email.text }
            label.text = message
            button.setTitle(save.title, for: .normal)
            button.isEnabled = save.isEnabled
        }
    }

    private func build(for content: ScreenView.Content) {
        let views: [UIView] = switch content {
        case .list: [tableView, label]
        case .detail: [label, button]
        case .edit: [nameField, emailField, button, label]
        }
        for subview in views { view.addSubview(subview) }
        tableView.dataSource = self
        tableView.delegate = self
        button.addAction(UIAction { [weak self] _ in self?.buttonTapped() }, for: .touchUpInside)
        for field in [nameField, emailField] {
            field.addAction(UIAction { [weak self, weak field] _ in
                if let self, let field { fieldChanged(field) }
            }, for: .editingChanged)
        }
        nameField.accessibilityIdentifier = "이름" // UI 테스트는 이 이름으로 필드를 찾습니다.
        emailField.accessibilityIdentifier = "이메일"
    }

    // 이벤트는 지금 보이는 가상 뷰가 적어 둔 액션으로 바뀝니다.
    private func buttonTapped() {
        switch shown?.content {
        case .detail(_, _, let button)?, .edit(_, _, _, _, let button)?: send(button.onTap)
        default: break
        }
    }

    private func fieldChanged(_ field: UITextField) {
        guard case .edit(_, let name, let email, _, _)? = shown?.content else { return }
        let input = field === nameField ? name.onChange : email.onChange
        let text = field.text ?? ""
        send(input == .name ? .nameChanged(text) : .emailChanged(text))
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if case .list(_, _, let onAppear)? = shown?.content { send(onAppear) }
    }

    private var rows: [RowView] {
        if case .list(_, let rows, _)? = shown?.content { rows } else { [] }
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = rows[indexPath.row].text
        cell.contentConfiguration = content
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        send(rows[indexPath.row].onSelect) // 테이블 뷰가 그린 행의 액션
    }
}
// ANCHOR_END: driver

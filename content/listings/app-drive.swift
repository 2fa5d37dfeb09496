@MainActor
func shownRows() -> String {
    let list = navigation.viewControllers[0] as! ContactListViewController
    return (0..<list.tableView.numberOfRows(inSection: 0)).compactMap { row in
        let cell = list.tableView.dataSource?.tableView(list.tableView, cellForRowAt: IndexPath(row: row, section: 0))
        return (cell?.contentConfiguration as? UIListContentConfiguration)?.text
    }.joined(separator: ", ")
}
@MainActor
func displayCycle() { // UIKit이 다음 화면 갱신 때 하는 일
    for screen in navigation.viewControllers { screen.updatePropertiesIfNeeded() }
}
@MainActor
func report(_ step: String) async {
    displayCycle()
    let titles = navigation.viewControllers.map { $0.title ?? "?" }.joined(separator: " → ")
    var shown = ""
    switch navigation.topViewController {
    case let list as ContactListViewController:
        shown = (list.statusLabel.text ?? "").isEmpty ? shownRows() : list.statusLabel.text!
    case let detail as ContactDetailViewController:
        shown = detail.summaryLabel.text ?? ""
    case let edit as ContactEditViewController:
        let message = edit.messageLabel.text ?? ""
        shown = "\(edit.nameField.text ?? "") <\(edit.emailField.text ?? "")>" + (message.isEmpty ? "" : " " + message)
    default:
        break
    }
    print("\(step) │ \(titles) │ \(shown)")
    await waitUntil { navigation.transitionCoordinator == nil } // 사람처럼 화면 전환이 끝난 뒤에 다음을 누릅니다.
}
@MainActor
func waitUntil(_ condition: () -> Bool) async {
    displayCycle()
    while !condition() {
        try? await Task.sleep(for: .milliseconds(1))
        displayCycle()
    }
}
@MainActor
func type(_ text: String, intoFieldNamed identifier: String, of screen: UIViewController) {
    // UI 테스트처럼 접근성 식별자로 필드를 찾습니다. 앱이 식별자를 붙이지 않았다면 여기서 비정상 종료됩니다.
    let field = screen.view.subviews.compactMap { $0 as? UITextField }.first { $0.accessibilityIdentifier == identifier }!
    field.text = text
    field.sendActions(for: .editingChanged)
}
let root = navigation.viewControllers[0] as! ContactListViewController
root.beginAppearanceTransition(true, animated: false)
root.endAppearanceTransition()
await report("앱을 연 직후")
await waitUntil { root.tableView.numberOfRows(inSection: 0) > 0 }
await report("불러온 뒤")
simulateSelection(of: IndexPath(row: 1, section: 0), in: root.tableView) // 두 번째 행을 누릅니다.
await report("김철수를 고른 뒤")
(navigation.topViewController as! ContactDetailViewController).editButton.sendActions(for: .touchUpInside)
await report("편집을 누른 뒤")
let edit = navigation.topViewController as! ContactEditViewController
type("chulsoo", intoFieldNamed: "이메일", of: edit)
edit.saveButton.sendActions(for: .touchUpInside)
await waitUntil { !(edit.messageLabel.text ?? "").isEmpty }
await report("잘못된 이메일로 저장")
type("김영희", intoFieldNamed: "이름", of: edit)
type("younghee@example.com", intoFieldNamed: "이메일", of: edit)
edit.saveButton.sendActions(for: .touchUpInside)
await waitUntil { (navigation.topViewController as? ContactDetailViewController)?.summaryLabel.text?.hasPrefix("김영희") == true } // 저장한 값이 상세 화면에 보일 때까지
await report("고쳐서 저장한 뒤")

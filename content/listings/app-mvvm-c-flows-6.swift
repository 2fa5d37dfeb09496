@MainActor
func describe(_ navigation: UINavigationController) -> String {
    for screen in navigation.viewControllers { screen.updatePropertiesIfNeeded() } // 두 창 모두 화면에 있습니다.
    let titles = navigation.viewControllers.map { $0.title ?? "?" }.joined(separator: " → ")
    var shown = ""
    switch navigation.topViewController {
    case let list as ContactListViewController:
        shown = (0..<list.tableView.numberOfRows(inSection: 0)).compactMap { row in
            let cell = list.tableView.dataSource?.tableView(list.tableView, cellForRowAt: IndexPath(row: row, section: 0))
            return (cell?.contentConfiguration as? UIListContentConfiguration)?.text
        }.joined(separator: ", ")
    case let detail as ContactDetailViewController:
        shown = detail.summaryLabel.text ?? ""
    case let edit as ContactEditViewController:
        shown = "\(edit.nameField.text ?? "") <\(edit.emailField.text ?? "")>"
    default:
        break
    }
    return "\(titles) │ \(shown)"
}
@MainActor
func report(_ step: String) {
    print("\(step)\n  창 A │ \(describe(windowA))\n  창 B │ \(describe(windowB))")
}
@MainActor
func waitUntil(_ condition: () -> Bool) async {
    while !condition() {
        try? await Task.sleep(for: .milliseconds(1))
        for navigation in [windowA, windowB] {
            for screen in navigation.viewControllers { screen.updatePropertiesIfNeeded() }
        }
    }
}
@MainActor
func list(in navigation: UINavigationController) -> ContactListViewController {
    navigation.viewControllers[0] as! ContactListViewController
}
for navigation in [windowA, windowB] {
    list(in: navigation).beginAppearanceTransition(true, animated: false)
    list(in: navigation).endAppearanceTransition()
}
await waitUntil { [windowA, windowB].allSatisfy { list(in: $0).tableView.numberOfRows(inSection: 0) == 2 } }
simulateSelection(of: IndexPath(row: 1, section: 0), in: list(in: windowA).tableView)
simulateSelection(of: IndexPath(row: 1, section: 0), in: list(in: windowB).tableView)
await waitUntil { windowB.transitionCoordinator == nil } // 사람처럼 화면 전환이 끝난 뒤에 누릅니다.
(windowB.topViewController as! ContactDetailViewController).editButton.sendActions(for: .touchUpInside)
report("두 창에서 김철수를 열고, 창 B에서 편집을 누른 뒤")
let edit = windowB.topViewController as! ContactEditViewController
edit.nameField.text = "김영희"
edit.nameField.sendActions(for: .editingChanged)
edit.emailField.text = "younghee@example.com"
edit.emailField.sendActions(for: .editingChanged)
edit.saveButton.sendActions(for: .touchUpInside)
await waitUntil { windowB.topViewController is ContactDetailViewController }
report("창 B에서 저장한 뒤")
await waitUntil { windowA.transitionCoordinator == nil }
windowA.popViewController(animated: true) // 창 A의 뒤로 버튼
await waitUntil { describe(windowA).contains("김영희") }
report("창 A에서 뒤로 간 뒤")
print("창 B를 닫은 뒤")
sceneB.disconnect()

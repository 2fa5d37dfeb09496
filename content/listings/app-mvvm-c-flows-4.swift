@MainActor
func shownRows(_ navigation: UINavigationController) -> String {
    let list = navigation.viewControllers[0] as! ContactListViewController
    return (0..<list.tableView.numberOfRows(inSection: 0)).compactMap { row in
        let cell = list.tableView.dataSource?.tableView(list.tableView, cellForRowAt: IndexPath(row: row, section: 0))
        return (cell?.contentConfiguration as? UIListContentConfiguration)?.text
    }.joined(separator: ", ")
}
@MainActor
func displayCycle(_ navigation: UINavigationController) { // UIKit이 다음 화면 갱신 때 하는 일
    for screen in navigation.viewControllers { screen.updatePropertiesIfNeeded() }
}
@MainActor
func report(_ step: String, _ navigation: UINavigationController) async {
    displayCycle(navigation)
    let titles = navigation.viewControllers.map { $0.title ?? "?" }.joined(separator: " → ")
    var shown = ""
    switch navigation.topViewController {
    case let list as ContactListViewController:
        shown = (list.statusLabel.text ?? "").isEmpty ? shownRows(navigation) : list.statusLabel.text!
    case let detail as ContactDetailViewController:
        shown = detail.summaryLabel.text ?? ""
    case let edit as ContactEditViewController:
        shown = "\(edit.nameField.text ?? "") <\(edit.emailField.text ?? "")>"
    default:
        break
    }
    print("\(step) │ \(titles) │ \(shown)")
    await waitUntil(navigation) { navigation.transitionCoordinator == nil } // 화면 전환이 끝난 뒤에 다음을 누릅니다.
}
@MainActor
func waitUntil(_ navigation: UINavigationController, _ condition: () -> Bool) async {
    displayCycle(navigation)
    while !condition() {
        try? await Task.sleep(for: .milliseconds(1))
        displayCycle(navigation)
    }
}
@MainActor
func type(_ text: String, into field: UITextField) {
    field.text = text
    field.sendActions(for: .editingChanged)
}

import Testing

@MainActor
@Test("저장을 기다리는 사이 뒤로 가면, 저장이 끝난 뒤에도 상세 화면은 그대로 남는다", .timeLimit(.minutes(1)))
func backWhileSavingKeepsTheDetail() async throws {
    let coordinator = AppCoordinator(archive: ContactArchive(sampleContacts))
    coordinator.start()
    let navigation = coordinator.navigationController
    let list = try #require(navigation.topViewController as? ContactListViewController)
    list.beginAppearanceTransition(true, animated: false) // 창에 올라간 첫 화면이 받는 호출
    list.endAppearanceTransition()
    while list.tableView.numberOfRows(inSection: 0) < 2 { // 불러오기와 다음 화면 갱신을 기다립니다.
        try await Task.sleep(for: .milliseconds(1))
        list.updatePropertiesIfNeeded()
    }
    coordinator.showContact(sampleContacts[1]) // 목록에서 김철수를 고릅니다.
    let detail = try #require(navigation.topViewController as? ContactDetailViewController)
    detail.loadViewIfNeeded()
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }
    detail.editButton.sendActions(for: .touchUpInside) // 편집
    let editor = try #require(navigation.topViewController as? ContactEditViewController)
    editor.loadViewIfNeeded()
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }
    editor.nameField.text = "김영희"
    editor.nameField.sendActions(for: .editingChanged)

    editor.saveButton.sendActions(for: .touchUpInside) // 저장: Task를 시작하고 곧바로 돌아옵니다.
    navigation.popViewController(animated: false) // 보관소가 답하기 전에 뒤로 버튼
    while detail.title != "김영희" { // 저장이 공유 모델에 닿기를 기다립니다. 닫기 요청은 같은 차례에 옵니다.
        try await Task.sleep(for: .milliseconds(1))
        detail.updatePropertiesIfNeeded() // UIKit이 다음 화면 갱신 때 하는 일
    }
    while navigation.transitionCoordinator != nil { try await Task.sleep(for: .milliseconds(1)) }

    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.topViewController === detail)
}

import Testing

@MainActor
@Test("뒤로 가는 전환 중에 저장의 답이 와도, 편집 화면은 상세 화면을 빼지 않는다", .timeLimit(.minutes(1)))
func saveReplyDuringTheBackTransition() async throws {
    let book = ContactBook(archive: ContactArchive(sampleContacts))
    let navigation = UINavigationController(rootViewController: UIViewController()) // 목록 자리
    navigation.pushViewController(UIViewController(), animated: false) // 상세 화면 자리
    let edit = ContactEditViewController(contact: sampleContacts[1], book: book)
    navigation.pushViewController(edit, animated: false)
    edit.loadViewIfNeeded()
    edit.saveButton.sendActions(for: .touchUpInside) // 저장
    navigation.popViewController(animated: false) // 보관소가 답하기 전에 뒤로 버튼
    navigation.addChild(edit) // 대체 구현에서만 통하는 흉내: 추론한 전환 중의 상태처럼, 빠진 편집 화면이 navigationController를 가리킵니다.
    while !edit.saveButton.isEnabled { // 저장의 답을 기다립니다.
        try await Task.sleep(for: .milliseconds(1))
    }

    #expect(navigation.viewControllers.count == 2)
}

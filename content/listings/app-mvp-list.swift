// ANCHOR: list-presenter
// ANCHOR: catch-head
// 프레젠터: UIKit을 import하지 않습니다.
import Observation

struct ContactRow: Hashable, Sendable {
    let id: Int
    let text: String
}

@MainActor
protocol ContactListView: AnyObject {
    func showLoading()
    func show(rows: [ContactRow])
    func showError(_ message: String)
    func showDetail(for contact: Contact)
}

@MainActor
final class ContactListPresenter {
    private weak var view: (any ContactListView)?
    private let book: ContactBook
    private var loading: Task<Void, Never>?
    private var observing: Task<Void, Never>?

    init(view: any ContactListView, book: ContactBook) {
        self.view = view
        self.book = book
    }

    func viewWillAppear() {
        guard loading == nil else { return } // 한 번 불러온 뒤에는 공유 모델을 관찰합니다.
        view?.showLoading()
        loading = Task { await load() }
    }

    // 테스트는 이 메서드를 직접 기다립니다.
    func load() async {
        do {
            try await book.reload()
            guard !Task.isCancelled else { return }
            observe()
        } catch {
// ANCHOR_END: catch-head
            guard !Task.isCancelled else { return } // 취소된 요청은 오류도 보여 주지 않습니다.
// ANCHOR: catch-tail
            view?.showError("목록을 불러오지 못했습니다.") // 기다리는 사이 화면이 닫혔다면 view는 nil입니다.
        }
    }

    // 공유 모델이 바뀔 때마다 행을 뷰에 밀어 넣습니다. 첫 값은 지금의 목록입니다.
    private func observe() {
        observing = Task { [weak self, book] in
            for await contacts in Observations({ book.contacts }) {
                self?.view?.show(rows: contacts.map { ContactRow(id: $0.id, text: $0.name) })
            }
        }
    }

    // 행의 위치가 아니라 식별자를 받습니다. 테이블 뷰가 그린 뒤 모델이 바뀌어도 누른 연락처를 엽니다.
    func didSelectContact(id: Int) {
        if let contact = book.contact(id: id) { view?.showDetail(for: contact) }
    }

    nonisolated deinit { observing?.cancel() }
}
// ANCHOR_END: catch-tail
// ANCHOR_END: list-presenter

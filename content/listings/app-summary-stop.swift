// ANCHOR: presenter
// ANCHOR: presenter-head
@MainActor
final class ContactListPresenter {
    private(set) var status = ""
    private(set) var rows: [String] = []
    private var loading: Task<Void, Never>?
    private let fetch: () async throws -> [String]

    init(fetch: @escaping () async throws -> [String]) {
        self.fetch = fetch
    }

    func viewWillAppear() {
        guard loading == nil else { return }
        status = "불러오는 중…"
        loading = Task { await load() }
    }

    func load() async {
        do {
            let names = try await fetch()
            guard !Task.isCancelled else { return }
            rows = names
            status = ""
        } catch {
            guard !Task.isCancelled else { return }
            status = "목록을 불러오지 못했습니다."
        }
    }

// ANCHOR_END: presenter-head
    // 화면이 정말 떠날 때(5장의 isLeavingHierarchy) 뷰 컨트롤러가 호출합니다.
    func stop() {
        loading?.cancel()
        loading = nil // 다음에 나타날 때 다시 불러오게 합니다.
    }
}
// ANCHOR_END: presenter
// ANCHOR: driver
// 답을 미루는 보관소: answer()를 호출할 때까지 기다립니다.
actor SlowArchive {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    var pending: Int { waiting.count }

    func all() async -> [String] {
        await withCheckedContinuation { waiting.append($0) }
        return ["홍길동", "김철수"]
    }

    func answer() {
        for request in waiting { request.resume() }
        waiting = []
    }
}

// 조건이 5초 안에 성립하지 않으면 기다림을 멈추고 비정상 종료합니다.
@MainActor
func waitUntil(_ condition: () async -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(5)
    while await !condition() {
        precondition(ContinuousClock.now < deadline, "5초를 기다려도 조건이 성립하지 않았습니다")
        try? await Task.sleep(for: .milliseconds(1))
    }
}

let archive = SlowArchive()
var answered = 0 // 프레젠터가 받은 답의 수
let presenter = ContactListPresenter(fetch: {
    let names = await archive.all()
    answered += 1 // 이 뒤로 load()는 기다림 없이 끝까지 실행됩니다.
    return names
})
presenter.viewWillAppear()
await waitUntil { await archive.pending == 1 }
presenter.stop() // 답이 오기 전에 화면을 닫습니다.
await archive.answer()
await waitUntil { answered == 1 }
print("닫은 뒤 답이 옴 │ 행 \(presenter.rows.count)개")
presenter.viewWillAppear() // 다시 나타납니다.
await waitUntil { await archive.pending == 1 }
await archive.answer()
await waitUntil { !presenter.rows.isEmpty }
print("다시 나타난 뒤 │ \(presenter.rows.joined(separator: ", "))")
// ANCHOR_END: driver

import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The lecture's sample libraries (`Sources/StandIns`: headless UIKit, RxSwift, RxRelay, RxCocoa, RxTest, Combine)
/// behave as the lecture's samples need: tests of this book, not of the tool, which verifies
/// every sample with the real swiftc against the libraries the lecture's book.toml declares.
@Suite(.serialized) struct LectureStandInTests {
    static let stage = SampleVerificationTests.makeStage(libraries: TestSupport.lectureLibraries)

    func verify(_ markdown: String) throws -> [SampleResult] {
        var stage = try Self.stage.get()
        stage.verifier.options.noCache = true
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        #expect(found.diagnostics.isEmpty)
        return stage.verifier.verify(found.samples)
    }

    @Test func uiKitStandInSimulatesATap() throws {
        let markdown = """
            ```swift
            import UIKit

            final class GreetingViewController: UIViewController {
                let button = UIButton(type: .system)
                let label = UILabel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addAction(UIAction { [unowned self] _ in label.text = "Hello" }, for: .touchUpInside)
                }
            }
            // snippet.hide
            let controller = GreetingViewController()
            controller.loadViewIfNeeded()
            controller.button.sendActions(for: .touchUpInside)
            print(controller.label.text ?? "nil")
            // snippet.show
            ```

            ```output
            Hello
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    @Test func uiKitStandInTracksWhatUpdatePropertiesReads() throws {
        let markdown = """
            ```swift
            import UIKit
            import Observation

            @MainActor @Observable final class Model {
                var title = "a"
                var unread = 0
            }

            final class Screen: UIViewController {
                let model = Model()
                let label = UILabel()
                var updates = 0
                override func updateProperties() {
                    super.updateProperties()
                    updates += 1
                    label.text = model.title
                }
            }
            let screen = Screen()
            screen.updatePropertiesIfNeeded()
            screen.model.unread += 1
            screen.updatePropertiesIfNeeded()
            print(screen.updates, screen.label.text ?? "nil")
            screen.model.title = "b"
            print(screen.label.text ?? "nil")
            screen.updatePropertiesIfNeeded()
            screen.model.title = "c"
            screen.view.updatePropertiesIfNeeded()
            print(screen.updates, screen.label.text ?? "nil")
            ```

            ```output
            1 a
            a
            3 c
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    /// A diffable data source keeps a row's cell while its item identifier stays in the snapshot,
    /// as UIKit does: a list keyed by stable identifiers shows a changed name only once the item is
    /// reconfigured (a stand-in that made every cell afresh would let a missing
    /// `reconfigureItems(_:)` pass).
    @Test func uiKitStandInKeepsACellUntilItsItemIsReconfigured() throws {
        let markdown = """
            ```swift
            import UIKit

            var names = [1: "a", 2: "b"]
            let tableView = UITableView(frame: .zero, style: .plain)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.addSubview(tableView)
            window.makeKeyAndVisible()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
            let dataSource = UITableViewDiffableDataSource<Int, Int>(tableView: tableView) { tableView, indexPath, id in
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                var content = cell.defaultContentConfiguration()
                content.text = names[id]
                cell.contentConfiguration = content
                return cell
            }
            @MainActor func shown() -> String {
                window.layoutIfNeeded()
                return (0..<tableView.numberOfRows(inSection: 0)).map { row in
                    let cell = tableView.cellForRow(at: IndexPath(row: row, section: 0))
                    return (cell?.contentConfiguration as? UIListContentConfiguration)?.text ?? "nil"
                }.joined(separator: " ")
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems([1, 2])
            dataSource.apply(snapshot, animatingDifferences: false)
            print(shown())
            names[2] = "B"
            dataSource.apply(snapshot, animatingDifferences: false)
            print(shown())
            snapshot.reconfigureItems([2])
            dataSource.apply(snapshot, animatingDifferences: false)
            print(shown())
            names[1] = "A"
            dataSource.apply(snapshot, animatingDifferences: false)
            print(shown())
            ```

            ```output
            a b
            a b
            a B
            a B
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    /// `cellForRow(at:)` returns a cell as UIKit does: only for a table in a visible window that
    /// was laid out there since its rows last changed; `nil` for a table in no window, in a hidden
    /// one, or under a pushed screen (a stand-in that made any row's cell would let a view test pass
    /// here that finds no rows on a device).
    @Test func uiKitStandInGivesCellsOnlyForATableLaidOutInAWindow() throws {
        let markdown = """
            ```swift
            import UIKit

            final class List: UIViewController {
                let tableView = UITableView(frame: .zero, style: .plain)
                var dataSource: UITableViewDiffableDataSource<Int, String>!
                var appeared = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(tableView)
                    dataSource = UITableViewDiffableDataSource(tableView: tableView) { _, _, name in
                        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                        cell.contentConfiguration = { var content = UIListContentConfiguration.cell(); content.text = name; return content }()
                        return cell
                    }
                }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    appeared += 1
                }
                func show(_ names: [String]) {
                    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
                    snapshot.appendSections([0])
                    snapshot.appendItems(names)
                    dataSource.apply(snapshot, animatingDifferences: false)
                }
                var firstRow: String {
                    let cell = tableView.cellForRow(at: IndexPath(row: 0, section: 0))
                    return (cell?.contentConfiguration as? UIListContentConfiguration)?.text ?? "nil"
                }
            }
            let list = List()
            let navigation = UINavigationController(rootViewController: list)
            list.loadViewIfNeeded()
            list.show(["a"])
            print("no window:", list.firstRow, list.tableView.window == nil)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = navigation
            print("hidden window:", list.firstRow, list.appeared)
            window.makeKeyAndVisible()
            print("shown, not laid out:", list.firstRow, list.appeared, window.isKeyWindow)
            window.layoutIfNeeded()
            print("laid out:", list.firstRow)
            list.show(["b"])
            print("new rows:", list.firstRow)
            window.layoutIfNeeded()
            print("laid out again:", list.firstRow)
            navigation.pushViewController(UIViewController(), animated: false)
            print("covered:", list.firstRow, list.tableView.window == nil)
            while navigation.transitionCoordinator != nil { await Task.yield() }
            _ = navigation.popViewController(animated: false)
            window.layoutIfNeeded()
            print("back on top:", list.firstRow)
            window.isHidden = true
            print("window hidden:", list.firstRow)
            ```

            ```output
            no window: nil true
            hidden window: nil 0
            shown, not laid out: nil 1 true
            laid out: a
            new rows: nil
            laid out again: b
            covered: nil true
            back on top: b
            window hidden: nil
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    /// The navigation delegate hears `didShow` as in UIKit: after the push or pop that began the
    /// transition, in a later turn of the main actor (a sample that expects it inside the call
    /// would pass here and fail on a device).
    @Test func uiKitStandInListsADiffableSnapshotAndTellsTheNavigationDelegateAfterAPop() throws {
        let markdown = """
            ```swift
            import UIKit

            final class List: UIViewController, UITableViewDelegate, UINavigationControllerDelegate {
                let tableView = UITableView(frame: .zero, style: .plain)
                var dataSource: UITableViewDiffableDataSource<Int, String>!
                var selected: [String] = []
                var shown = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
                    dataSource = UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, item in
                        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                        var content = cell.defaultContentConfiguration()
                        content.text = item
                        cell.contentConfiguration = content
                        return cell
                    }
                    tableView.delegate = self
                    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
                    snapshot.appendSections([0])
                    snapshot.appendItems(["a", "b", "c"])
                    dataSource.apply(snapshot, animatingDifferences: false)
                }
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    selected.append(dataSource.itemIdentifier(for: indexPath) ?? "?")
                }
                func navigationController(
                    _ navigationController: UINavigationController, didShow viewController: UIViewController,
                    animated: Bool
                ) {
                    print("didShow", viewController.title ?? "", navigationController.viewControllers.count)
                    shown += 1
                }
            }
            final class Detail: UIViewController { deinit { print("Detail deinit") } }
            let list = List()
            list.title = "list"
            let navigation = UINavigationController(rootViewController: list)
            navigation.delegate = list
            list.loadViewIfNeeded()
            print(list.tableView.numberOfSections, list.tableView.numberOfRows(inSection: 0))
            let cell = list.tableView.dataSource?.tableView(list.tableView, cellForRowAt: IndexPath(row: 1, section: 0))
            print((cell?.contentConfiguration as? UIListContentConfiguration)?.text ?? "nil")
            list.tableView.delegate?.tableView(list.tableView, didSelectRowAt: IndexPath(row: 2, section: 0))
            print(list.selected, list.dataSource.indexPath(for: "b")?.row ?? -1)
            do {
                let detail = Detail()
                detail.title = "detail"
                navigation.pushViewController(detail, animated: true)
            }
            print("pushed", navigation.viewControllers.count)
            while list.shown < 1 { await Task.yield() }
            navigation.popViewController(animated: true)
            print("popped", navigation.viewControllers.count)
            while list.shown < 2 { await Task.yield() }
            await Task.yield()
            print("done")
            ```

            ```output
            1 3
            b
            ["c"] 1
            pushed 2
            didShow detail 2
            popped 1
            didShow list 1
            Detail deinit
            done
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    @Test func rxCocoaStandInDriverValuesStartWithTheLatestElement() throws {
        let markdown = """
            ```swift
            import RxRelay
            import RxCocoa

            @MainActor func run() async {
                let relay = BehaviorRelay(value: 1)
                var seen: [Int] = []
                for await value in relay.asDriver().values {
                    seen.append(value)
                    if value < 3 { relay.accept(value + 1) } else { break }
                }
                relay.accept(4) // the loop has ended and its subscription is disposed
                print(seen)
            }
            await run()
            ```

            ```output
            [1, 2, 3]
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    /// The RxTest stand-in keeps RxTest's virtual time: actions run in time order (ties in the
    /// order scheduled), a hot observable's event reaches only who is subscribed at its time,
    /// observers record the clock, and a subscription records when it began and ended.
    @Test func rxTestStandInRunsInVirtualTime() throws {
        let markdown = """
            ```swift
            import RxSwift
            import RxTest

            let scheduler = TestScheduler(initialClock: 0)
            let taps = scheduler.createHotObservable([.next(150, "a"), .next(210, "b"), .next(300, "c")])
            let seen = scheduler.createObserver(String.self)
            var subscription: Disposable?
            var order: [String] = []
            scheduler.scheduleAt(250) { order.append("250 first") }
            scheduler.scheduleAt(200) { subscription = taps.subscribe(seen) }
            scheduler.scheduleAt(250) { order.append("250 second") }
            scheduler.scheduleAt(260) {
                subscription?.dispose()
                scheduler.scheduleAt(100) { order.append("past at \\(scheduler.clock)") }
            }
            scheduler.start()
            print(seen.events.map(\\.debugDescription))
            print(taps.subscriptions, order, scheduler.clock)
            print(seen.events == [.next(210, "b")], seen.events == [.next(211, "b")])
            ```

            ```output
            ["next(b) @ 210"]
            [(200 : 260)] ["250 first", "250 second", "past at 260"] 300
            true false
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    /// What the lecture's Combine test relies on, as Combine does it: `@Published` sends the
    /// current value on subscription and each new one in `willSet` (the property still holds the
    /// old one), `dropFirst` and `map` pass values on, and a subscription ends when its
    /// `AnyCancellable` is cancelled or deinitialized.
    @Test func combineStandInPublishesInWillSetAndEndsWithItsCancellable() throws {
        let markdown = """
            ```swift
            import Combine

            final class Model {
                @Published var name = "a"
            }
            let model = Model()
            var seen: [String] = []
            let kept = model.$name.dropFirst().map { $0.uppercased() }.sink { value in
                seen.append("\\(value) while the property holds \\(model.name)")
            }
            _ = model.$name.sink { seen.append("dropped subscription got \\($0)") }
            var stored = Set<AnyCancellable>()
            model.$name.sink { seen.append("stored got \\($0)") }.store(in: &stored)
            model.name = "b"
            kept.cancel()
            stored.removeAll()
            model.name = "c"
            print(seen.joined(separator: "\\n"))
            ```

            ```output
            dropped subscription got a
            stored got a
            B while the property holds a
            stored got b
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }
}

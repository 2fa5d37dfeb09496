// Table views and diffable data sources: the part of UIKit a list screen
// needs. Rows are built on demand from the data source; nothing is drawn and
// nothing scrolls.

extension IndexPath {
    /// Headless stand-in for `IndexPath.init(row:section:)` (UIKit's extension; see Apple's UIKit documentation).
    /// Here, as in UIKit, an index path of two indexes: section, then row.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// Headless stand-in for `IndexPath.init(item:section:)` (UIKit's extension; see Apple's UIKit documentation).
    /// Here, as in UIKit, an index path of two indexes: section, then item.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// Headless stand-in for `IndexPath.section` (UIKit's extension; see Apple's UIKit documentation).
    /// Here the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// Headless stand-in for `IndexPath.row` (UIKit's extension; see Apple's UIKit documentation).
    /// Here the second index, as `item` is.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// Headless stand-in for `IndexPath.item` (UIKit's extension; see Apple's UIKit documentation).
    /// Here the second index, as `row` is.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// Headless stand-in for `UIContentConfiguration` (see Apple's UIKit documentation).
/// Here only a marker for values a cell's `contentConfiguration` can hold.
@MainActor
public protocol UIContentConfiguration {}

/// Headless stand-in for `UIListContentConfiguration` (see Apple's UIKit documentation).
/// Here it stores the texts a list cell shows; nothing is drawn.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable, Sendable {
    /// Headless stand-in for `UIListContentConfiguration.text` (see Apple's UIKit documentation). Here only stored.
    public var text: String?
    /// Headless stand-in for `UIListContentConfiguration.secondaryText` (see Apple's UIKit documentation). Here only stored.
    public var secondaryText: String?

    /// Headless stand-in for `UIListContentConfiguration.cell()` (see Apple's UIKit documentation).
    /// Here an empty configuration.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration()
    }

    /// Headless stand-in for `UIListContentConfiguration.subtitleCell()` (see Apple's UIKit documentation).
    /// Here an empty configuration, as `cell()`.
    public static func subtitleCell() -> UIListContentConfiguration {
        UIListContentConfiguration()
    }
}

/// Headless stand-in for `UITableViewCell` (see Apple's UIKit documentation).
/// Here a view that stores its content configuration and reuse identifier.
@MainActor
open class UITableViewCell: UIView {

    /// Headless stand-in for `UITableViewCell.CellStyle` (see Apple's UIKit documentation). Here only stored.
    public enum CellStyle: Int, Sendable {
        /// Headless stand-in for `UITableViewCell.CellStyle.default` (see Apple's UIKit documentation). Here raw value 0.
        case `default` = 0
        /// Headless stand-in for `UITableViewCell.CellStyle.value1` (see Apple's UIKit documentation). Here raw value 1.
        case value1 = 1
        /// Headless stand-in for `UITableViewCell.CellStyle.value2` (see Apple's UIKit documentation). Here raw value 2.
        case value2 = 2
        /// Headless stand-in for `UITableViewCell.CellStyle.subtitle` (see Apple's UIKit documentation). Here raw value 3.
        case subtitle = 3
    }

    /// Headless stand-in for `UITableViewCell.reuseIdentifier` (see Apple's UIKit documentation). Here only stored.
    public let reuseIdentifier: String?

    /// Headless stand-in for `UITableViewCell.init(style:reuseIdentifier:)` (see Apple's UIKit documentation).
    /// Here it stores the reuse identifier; the style is not used. It is
    /// `required` here (not in UIKit) so that `dequeueReusableCell` can make a
    /// registered subclass without the Objective-C runtime; a subclass that
    /// overrides it writes `override required init(style:reuseIdentifier:)`,
    /// which compiles against UIKit too (here `override` is implied and only
    /// warned about; on iOS, `required` without `override` does not compile).
    public required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// Headless stand-in for `UITableViewCell.init(frame:)` (see Apple's UIKit documentation).
    /// Here a cell with no reuse identifier.
    public override init(frame: CGRect) {
        self.reuseIdentifier = nil
        super.init(frame: frame)
    }

    /// Headless stand-in for `UITableViewCell.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; a cell with no reuse identifier.
    public required init?(coder: NSCoder) {
        self.reuseIdentifier = nil
        super.init(coder: coder)
    }

    /// Headless stand-in for `UITableViewCell.contentConfiguration` (see Apple's UIKit documentation).
    /// Here only stored; a sample reads it back to see what the row shows.
    open var contentConfiguration: (any UIContentConfiguration)?

    /// Headless stand-in for `UITableViewCell.defaultContentConfiguration()` (see Apple's UIKit documentation).
    /// Here an empty `UIListContentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        .cell()
    }
}

/// Headless stand-in for `UITableViewDataSource` (see Apple's UIKit documentation).
/// Here the two required methods and `numberOfSections(in:)` (default 1). As
/// in UIKit it refines `NSObjectProtocol`: a conformer must inherit `NSObject`.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    /// Headless stand-in for `tableView(_:numberOfRowsInSection:)` (see Apple's UIKit documentation).
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// Headless stand-in for `tableView(_:cellForRowAt:)` (see Apple's UIKit documentation).
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// Headless stand-in for `numberOfSections(in:)` (see Apple's UIKit documentation).
    func numberOfSections(in tableView: UITableView) -> Int
}

extension UITableViewDataSource {
    /// One section (the method is optional in UIKit, with this default).
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

/// Headless stand-in for `UITableViewDelegate` (see Apple's UIKit documentation).
/// Here only row selection, with an empty default (optional in UIKit, where
/// the protocol is `@objc` and a caller writes `delegate?.tableView?(_:didSelectRowAt:)`).
/// As in UIKit it refines `NSObjectProtocol`: a conformer must inherit `NSObject`.
/// A sample simulates a tap on a row with `simulateSelection(of:in:)`, which is
/// not UIKit API, so that no sample spells a call that is invalid on iOS.
@MainActor
public protocol UITableViewDelegate: NSObjectProtocol {
    /// Headless stand-in for `tableView(_:didSelectRowAt:)` (see Apple's UIKit documentation).
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    /// Does nothing (the method is optional in UIKit).
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
}

/// Not UIKit: the stand-in's way for a sample's hidden driver lines to do what
/// UIKit does when the user taps a row, telling the table's delegate
/// `tableView(_:didSelectRowAt:)`. (Selecting a row in code with UIKit's
/// `selectRow(at:animated:scrollPosition:)` does not tell the delegate.)
@MainActor
public func simulateSelection(of indexPath: IndexPath, in tableView: UITableView) {
    tableView.delegate?.tableView(tableView, didSelectRowAt: indexPath)
}

/// Headless stand-in for `UITableView` (see Apple's UIKit documentation).
///
/// Here a table asks its data source for counts whenever it is asked for them
/// (`numberOfRows(inSection:)`). As in UIKit, `cellForRow(at:)` returns a cell
/// only for a table that is in a visible window (see `UIWindow`) and has been
/// laid out there since its rows last changed (`reloadData()`, or a diffable
/// data source's `apply`); otherwise `nil`, as UIKit does for a table that was
/// never laid out in a window. Every row counts as visible: nothing scrolls,
/// and there is no cell reuse.
@MainActor
open class UITableView: UIView {

    /// Headless stand-in for `UITableView.Style` (see Apple's UIKit documentation). Here only stored.
    public enum Style: Int, Sendable {
        /// Headless stand-in for `UITableView.Style.plain` (see Apple's UIKit documentation). Here raw value 0.
        case plain = 0
        /// Headless stand-in for `UITableView.Style.grouped` (see Apple's UIKit documentation). Here raw value 1.
        case grouped = 1
        /// Headless stand-in for `UITableView.Style.insetGrouped` (see Apple's UIKit documentation). Here raw value 2.
        case insetGrouped = 2
    }

    /// Headless stand-in for `UITableView.style` (see Apple's UIKit documentation). Here only stored.
    public let style: UITableView.Style

    private var registered: [String: UITableViewCell.Type] = [:]

    /// Headless stand-in for `UITableView.init(frame:style:)` (see Apple's UIKit documentation).
    /// Here it stores the style.
    public init(frame: CGRect, style: UITableView.Style) {
        self.style = style
        super.init(frame: frame)
    }

    /// Headless stand-in for `UITableView.init(frame:)` (see Apple's UIKit documentation).
    /// Here a `.plain` table.
    public override init(frame: CGRect) {
        self.style = .plain
        super.init(frame: frame)
    }

    /// Headless stand-in for `UITableView.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; a `.plain` table.
    public required init?(coder: NSCoder) {
        self.style = .plain
        super.init(coder: coder)
    }

    /// Headless stand-in for `UITableView.dataSource` (see Apple's UIKit documentation).
    /// Here, as in UIKit, a weak reference.
    open weak var dataSource: (any UITableViewDataSource)?

    /// Headless stand-in for `UITableView.delegate` (see Apple's UIKit documentation).
    /// Here, as in UIKit, a weak reference.
    open weak var delegate: (any UITableViewDelegate)?

    /// Headless stand-in for `UITableView.register(_:forCellReuseIdentifier:)` (see Apple's UIKit documentation).
    /// Here it remembers which cell class to create for the identifier.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UITableViewCell.Type
    }

    /// Headless stand-in for `UITableView.dequeueReusableCell(withIdentifier:for:)` (see Apple's UIKit documentation).
    /// Here it creates a new cell of the registered class every time (no
    /// reuse); as in UIKit, an identifier that was never registered is a fatal error.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cellClass = registered[identifier] else {
            fatalError("unable to dequeue a cell with identifier \(identifier) (headless UIKit stand-in)")
        }
        return cellClass.init(style: .default, reuseIdentifier: identifier)
    }

    /// Headless stand-in for `UITableView.numberOfSections` (see Apple's UIKit documentation).
    /// Here asked of the data source each time (0 without one).
    open var numberOfSections: Int {
        guard let dataSource else { return 0 }
        return dataSource.numberOfSections(in: self)
    }

    /// Headless stand-in for `UITableView.numberOfRows(inSection:)` (see Apple's UIKit documentation).
    /// Here asked of the data source each time (0 without one).
    open func numberOfRows(inSection section: Int) -> Int {
        dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
    }

    /// Headless stand-in for `UITableView.cellForRow(at:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, `nil` unless the table is in a visible window and was
    /// laid out there after its rows last changed (see the type's comment);
    /// then the data source's cell for any index path in range.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        guard rowsLaidOut, let window, !window.isHidden, let dataSource, indexPath.section < numberOfSections,
            indexPath.row < numberOfRows(inSection: indexPath.section)
        else { return nil }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    /// Whether the visible rows were prepared by a layout in a window since the rows last changed.
    private var rowsLaidOut = false

    /// Called when the rows change: the visible cells are made again at the next layout.
    func rowsDidChange() {
        rowsLaidOut = false
        setNeedsLayout()
    }

    /// Headless stand-in for `UITableView.layoutSubviews()` (see Apple's UIKit documentation).
    /// Here it prepares the visible rows when the table is in a window.
    open override func layoutSubviews() {
        super.layoutSubviews()
        rowsLaidOut = window != nil
    }

    /// Headless stand-in for `UIView.layoutIfNeeded()` on a table (see Apple's UIKit documentation).
    /// Here, as when UIKit moves a table into a window, a table in a window
    /// whose rows are not prepared is laid out again.
    open override func layoutIfNeeded() {
        if !rowsLaidOut, window != nil { setNeedsLayout() }
        super.layoutIfNeeded()
    }

    /// Headless stand-in for `UITableView.reloadData()` (see Apple's UIKit documentation).
    /// Here counts are always read from the data source when asked for; the
    /// visible cells are made again at the next layout.
    open func reloadData() {
        rowsDidChange()
    }
}

/// Headless stand-in for `NSDiffableDataSourceSnapshot` (see Apple's UIKit documentation).
/// Here sections and their items in order; as in UIKit, each identifier may appear once.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>: Sendable
where
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
{
    private var sections: [(id: SectionIdentifierType, items: [ItemIdentifierType])] = []
    /// The items marked by `reconfigureItems(_:)` or `reloadItems(_:)`, whose cells are made again.
    fileprivate(set) var markedItems: Set<ItemIdentifierType> = []

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.init()` (see Apple's UIKit documentation). Here an empty snapshot.
    public init() {}

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.sectionIdentifiers` (see Apple's UIKit documentation).
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.id) }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.itemIdentifiers` (see Apple's UIKit documentation).
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.numberOfSections` (see Apple's UIKit documentation).
    public var numberOfSections: Int { sections.count }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.numberOfItems` (see Apple's UIKit documentation).
    public var numberOfItems: Int { itemIdentifiers.count }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.itemIdentifiers(inSection:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, a section that is not in the snapshot is a fatal error.
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard let section = sections.first(where: { $0.id == identifier }) else {
            fatalError("invalid section identifier \(identifier) (headless UIKit stand-in)")
        }
        return section.items
    }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.appendSections(_:)` (see Apple's UIKit documentation).
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            precondition(!sectionIdentifiers.contains(identifier), "section \(identifier) is already in the snapshot")
            sections.append((identifier, []))
        }
    }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.appendItems(_:toSection:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, items go to the last section when none is named,
    /// and an item already in the snapshot is a fatal error.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        let index: Int
        if let sectionIdentifier {
            guard let found = sections.firstIndex(where: { $0.id == sectionIdentifier }) else {
                fatalError("invalid section identifier \(sectionIdentifier) (headless UIKit stand-in)")
            }
            index = found
        } else {
            guard !sections.isEmpty else {
                fatalError("there are no sections to append items to (headless UIKit stand-in)")
            }
            index = sections.count - 1
        }
        for identifier in identifiers {
            precondition(!itemIdentifiers.contains(identifier), "item \(identifier) is already in the snapshot")
            sections[index].items.append(identifier)
        }
    }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.deleteAllItems()` (see Apple's UIKit documentation).
    public mutating func deleteAllItems() {
        sections = []
    }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.reconfigureItems(_:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it marks items of the snapshot whose cells the cell
    /// provider configures again when the snapshot is applied; an item not in
    /// the snapshot is a fatal error.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers {
            precondition(itemIdentifiers.contains(identifier), "item \(identifier) is not in the snapshot")
            markedItems.insert(identifier)
        }
    }

    /// Headless stand-in for `NSDiffableDataSourceSnapshot.reloadItems(_:)` (see Apple's UIKit documentation).
    /// Here the same as `reconfigureItems(_:)`: the cells of the items are made again.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reconfigureItems(identifiers)
    }

    func indexPath(of item: ItemIdentifierType) -> IndexPath? {
        for (sectionIndex, section) in sections.enumerated() {
            if let row = section.items.firstIndex(of: item) {
                return IndexPath(row: row, section: sectionIndex)
            }
        }
        return nil
    }

    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.row)
        else { return nil }
        return sections[indexPath.section].items[indexPath.row]
    }

    func itemCount(inSection index: Int) -> Int {
        sections.indices.contains(index) ? sections[index].items.count : 0
    }
}

/// Headless stand-in for `UITableViewDiffableDataSource` (see Apple's UIKit documentation).
///
/// Here, as in UIKit, it becomes the table's data source when created and
/// answers the table from the last snapshot applied; `apply` replaces that
/// snapshot at once (there is no animation) and then calls `completion`.
/// As in UIKit, a row keeps its configured cell while its item identifier
/// stays in the snapshot: the cell provider runs again only for a new
/// identifier or one marked with `reconfigureItems(_:)`/`reloadItems(_:)`.
@MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>: NSObject, UITableViewDataSource
where
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
{
    /// Headless stand-in for `UITableViewDiffableDataSource.CellProvider` (see Apple's UIKit documentation).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// The configured cell of each item shown so far (UIKit's visible cells).
    private var cells: [ItemIdentifierType: UITableViewCell] = [:]

    /// Headless stand-in for `UITableViewDiffableDataSource.init(tableView:cellProvider:)` (see Apple's UIKit documentation).
    /// Here it stores the cell provider and sets itself as the table's (weak) data source.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        self.tableView = tableView
        super.init()
        tableView.dataSource = self
    }

    /// The table this data source answers (weak, as the table holds its data source weakly too).
    private weak var tableView: UITableView?

    /// Headless stand-in for `UITableViewDiffableDataSource.apply(_:animatingDifferences:completion:)` (see Apple's UIKit documentation).
    /// Here the snapshot takes effect at once; `completion` runs before it returns.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        let kept = Set(snapshot.itemIdentifiers).subtracting(snapshot.markedItems)
        cells = cells.filter { kept.contains($0.key) }
        current = snapshot
        current.markedItems = []
        tableView?.rowsDidChange()
        completion?()
    }

    /// Headless stand-in for `UITableViewDiffableDataSource.snapshot()` (see Apple's UIKit documentation).
    /// Here a copy of the last snapshot applied.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        current
    }

    /// Headless stand-in for `UITableViewDiffableDataSource.itemIdentifier(for:)` (see Apple's UIKit documentation).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        current.item(at: indexPath)
    }

    /// Headless stand-in for `UITableViewDiffableDataSource.indexPath(for:)` (see Apple's UIKit documentation).
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier)
    }

    /// Headless stand-in for `numberOfSections(in:)` (see Apple's UIKit documentation): the snapshot's sections.
    open func numberOfSections(in tableView: UITableView) -> Int {
        current.numberOfSections
    }

    /// Headless stand-in for `tableView(_:numberOfRowsInSection:)` (see Apple's UIKit documentation): the section's items.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        current.itemCount(inSection: section)
    }

    /// Headless stand-in for `tableView(_:cellForRowAt:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, the cell provider must return a cell.
    /// Here the item's cell as last configured, or a new one from the cell provider.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = current.item(at: indexPath) else {
            fatalError("no item at \(indexPath) (headless UIKit stand-in)")
        }
        if let cell = cells[item] { return cell }
        guard let cell = cellProvider(tableView, indexPath, item) else {
            fatalError("the cell provider returned no cell for \(indexPath) (headless UIKit stand-in)")
        }
        cells[item] = cell
        return cell
    }
}

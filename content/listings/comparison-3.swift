// DTO: 서버가 보낸 JSON을 디코딩한 모양 그대로입니다.
struct ProductDTO: Sendable {
    let productID: Int
    let productName: String
    let salePrice: Int
    let averageRating: Double
}

// API 클라이언트: 서버와 대화하는 유일한 계층입니다.
protocol ProductAPIClient: Sendable {
    func fetchProduct(page: Int) async throws -> ProductDTO
}

struct ProductLoadingFailed: Error {}

// 이 예제의 API 클라이언트는 네트워크 대신 응답 지연과, 정해 둔 페이지의 첫 요청 실패를 흉내 냅니다.
actor SimulatedProductAPIClient: ProductAPIClient {
    private var pagesFailingOnce: Set<Int>

    init(pagesFailingOnce: Set<Int> = []) {
        self.pagesFailingOnce = pagesFailingOnce
    }

    func fetchProduct(page: Int) async throws -> ProductDTO {
        try await Task.sleep(for: .milliseconds(20)) // 네트워크 왕복 시간을 흉내 냅니다.
        if pagesFailingOnce.remove(page) != nil {
            throw ProductLoadingFailed()
        }
        return ProductDTO(productID: page,
                             productName: "상품 \(page)",
                             salePrice: page * 1_200,
                             averageRating: Double(30 + page * 2) / 10)
    }
}

// 앱의 로직이 쓰는 모델
struct Product: Equatable, Sendable {
    let id: Int
    let title: String
    let price: Int
    let rating: Double
}

// 서비스: DTO를 모델로 옮겨 담습니다. 어느 페이지를 볼지는 모릅니다.
struct ProductCatalog: Sendable {
    let apiClient: any ProductAPIClient

    func product(page: Int) async throws -> Product {
        let dto = try await apiClient.fetchProduct(page: page)
        return Product(id: dto.productID,
                       title: dto.productName,
                       price: dto.salePrice,
                       rating: dto.averageRating)
    }
}
import Foundation
import RxSwift
import RxRelay
import RxCocoa

// 화면이 있을 수 있는 세 가지 상태
enum ProductPageState: Equatable {
    case loading(page: Int)
    case loaded(Product)
    case failed(page: Int)
}

@MainActor
final class ProductPagerViewModel {
    let pages = 1...10
    private(set) var page = 1 // 마지막으로 보여 준 페이지
    private let state = BehaviorRelay<ProductPageState>(value: .loading(page: 1))
    private let catalog: ProductCatalog
    private var loading: Task<Void, Never>?

    init(catalog: ProductCatalog) {
        self.catalog = catalog
    }

    // 뷰 모델 → 뷰: 읽기만 할 수 있는 두 스트림
    var productText: Driver<String> {
        state.asDriver().map(Self.text(for:))
    }

    var buttonsEnabled: Driver<Bool> {
        state.asDriver().map { state in
            if case .loading = state { false } else { true }
        }
    }

    // 뷰 → 뷰 모델
    func showFirstPage() {
        load(pages.lowerBound)
    }

    func showNextPage() {
        guard page < pages.upperBound else { return }
        load(page + 1)
    }

    func showPreviousPage() {
        guard page > pages.lowerBound else { return }
        load(page - 1)
    }

    private func load(_ requested: Int) {
        loading?.cancel()
        state.accept(.loading(page: requested))
        loading = Task {
            do {
                let product = try await catalog.product(page: requested)
                guard !Task.isCancelled else { return } // 취소된 요청의 응답은 버립니다.
                page = requested
                state.accept(.loaded(product))
            } catch {
                // URLSession은 취소를 URLError(.cancelled)로 알리므로, 오류의 종류가 아니라 취소 여부를 봅니다.
                guard !Task.isCancelled else { return }
                state.accept(.failed(page: requested))
            }
        }
    }

    private static let won = IntegerFormatStyle<Int>.number.locale(Locale(identifier: "ko_KR"))

    private static func text(for state: ProductPageState) -> String {
        switch state {
        case .loading(let page):
            "\(page)페이지를 불러오는 중…"
        case .loaded(let product):
            "#\(product.id) \(product.title) · \(product.price.formatted(Self.won))원 · ★ \(product.rating)"
        case .failed(let page):
            "\(page)페이지를 불러오지 못했습니다. 다시 눌러 주세요."
        }
    }
}

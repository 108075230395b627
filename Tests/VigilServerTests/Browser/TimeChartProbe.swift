import Foundation
import Testing

/// What a chart of `public/dashboard/time-chart.js` shows, read from the page: the labels of its time
/// axis, from the page's own Chart.js, and how many of its canvas's pixels are in the bars' colour.
enum TimeChartProbe {
    /// The time axis's labels of the chart in the element `container` selects, as shown: the buckets
    /// between round times have none.
    static func axisLabels(_ browser: Chromium, in container: String) async throws -> [String] {
        let labels = try await browser.evaluate(
            """
            const canvas = document.querySelector('\(container) canvas');
            return import('/vendor/chart.js/chart.esm.js')
              .then(({ Chart }) => Chart.getChart(canvas).scales.x.ticks.map((tick) => String(tick.label)).filter((label) => label !== ''))
            """)
        return labels as? [String] ?? []
    }

    /// How many pixels of the chart's canvas are in the bars' colour (#7cc4ff): none while no bar is drawn.
    static func barPixels(_ browser: Chromium, in container: String) async throws -> Int {
        let count = try await browser.evaluate(
            """
            const canvas = document.querySelector('\(container) canvas');
            const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
            let count = 0;
            for (let i = 0; i < pixels.length; i += 4) {
              if (Math.abs(pixels[i] - 0x7c) < 8 && Math.abs(pixels[i + 1] - 0xc4) < 8 && Math.abs(pixels[i + 2] - 0xff) < 8) count++;
            }
            return count
            """)
        return count as? Int ?? 0
    }
}

package dev.rubble.core.field;

/** In-place heapsort of an int range: O(n log n), no allocation (Arrays.sort may allocate for runs). */
final class SlotSort {
    private SlotSort() {
    }

    static void sort(int[] a, int n) {
        for (int i = n / 2 - 1; i >= 0; i--) {
            down(a, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            int t = a[0];
            a[0] = a[end];
            a[end] = t;
            down(a, 0, end);
        }
    }

    private static void down(int[] a, int i, int n) {
        int v = a[i];
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            if (c + 1 < n && a[c + 1] > a[c]) {
                c++;
            }
            if (a[c] <= v) {
                break;
            }
            a[i] = a[c];
            i = c;
        }
        a[i] = v;
    }
}

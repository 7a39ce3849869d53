#include "cost_model.h"

namespace clfft_ng {

// Fewer passes win; among equal pass counts, balanced radices win (512 = 8*8*8 rather than
// 16*16*2).
double radixPassCost(int r) { return 1.0 + 0.02 * r; }

double radixPassCost(int r, double radix16Cost)
{
    return r == 16 && radix16Cost > 0 ? radix16Cost : radixPassCost(r);
}

} // namespace clfft_ng

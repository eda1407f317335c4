// Counts every heap allocation of the test executable that links
// allocation_counter.cpp (it replaces the global operator new). Tests read
// the count before and after a stretch of per-frame work to prove it
// allocates nothing.
#pragma once

namespace test_support {

long AllocationCount();

}  // namespace test_support

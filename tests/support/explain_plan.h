// The library's printed plan (clfftNgExplainPlan; docs/client.md, --explain), which tests read
// to check which form runs. A failed call fails the calling test.
#pragma once

#include <clFFT-ng.h>

#include <boost/test/unit_test.hpp>

#include <string>

inline std::string explainPlan(clfftPlanHandle h)
{
    std::size_t needed = 0;
    BOOST_REQUIRE_EQUAL(clfftNgExplainPlan(h, nullptr, 0, &needed), CLFFT_SUCCESS);
    std::string text(needed, '\0');
    BOOST_REQUIRE_EQUAL(clfftNgExplainPlan(h, &text[0], text.size(), nullptr), CLFFT_SUCCESS);
    text.resize(needed > 0 ? needed - 1 : 0); // without the terminating zero
    return text;
}

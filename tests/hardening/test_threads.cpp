// Thread-safety stress tests (issue #9, part 1). Every thread checks its own results against a
// naive DFT, so a race that corrupts kernel arguments, buffers or the plan table shows up as a
// wrong answer or a failed status, and under ThreadSanitizer (CLFFT_TSAN) as a report.
//
//  - many_threads_many_plans: 8 threads x 50 plans, each created, set, baked, enqueued, checked
//    and destroyed; lengths 8..64, single and double, in and out of place, forward and
//    backward, on one shared queue and on a queue per thread. Few distinct kernels, so the
//    programs built for them are shared by many plans at once.
//  - concurrent_bakes_of_identical_plans: 8 identical plans baked at the same moment (one build
//    of a kernel nobody built before), then one plan baked by 8 threads at once.
//  - one_plan_on_two_queues: one baked plan enqueued concurrently from two threads on two
//    queues, each enqueue followed by a check of that thread's own output buffer.
//  - destroy_while_in_use: a plan destroyed while another thread keeps enqueueing it.
// Scale with HARDENING_THREADS / HARDENING_PLANS (defaults 8 and 50).
#define BOOST_TEST_MODULE clfft_hardening_threads
#include <boost/test/unit_test.hpp>

#include "hardening_common.h"
#include "test_env.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using clfft_test::ClEnv;

ClEnv& env() { return ClEnv::get(); }

int envInt(const char* name, int fallback)
{
    const char* v = std::getenv(name);
    return v && std::atoi(v) > 0 ? std::atoi(v) : fallback;
}

// Failures are collected by the worker threads and reported by the main thread: Boost.Test
// assertions are not thread-safe.
struct Failures {
    std::mutex mutex;
    std::vector<std::string> messages;
    void add(const std::string& m)
    {
        std::lock_guard<std::mutex> lock(mutex);
        messages.push_back(m);
    }
    void report()
    {
        for (const std::string& m : messages)
            BOOST_ERROR(m);
        BOOST_TEST(messages.empty());
    }
};

// A start line: every thread waits until all have arrived, so the calls really overlap.
class Barrier {
public:
    explicit Barrier(int n) : left_(n) {}
    void arriveAndWait()
    {
        std::unique_lock<std::mutex> lock(m_);
        if (--left_ == 0)
            cv_.notify_all();
        else
            cv_.wait(lock, [&] { return left_ == 0; });
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    int left_;
};

cl_command_queue newQueue()
{
    cl_int err = CL_SUCCESS;
    cl_command_queue q = clCreateCommandQueue(env().context, env().device, 0, &err);
    if (err != CL_SUCCESS)
        throw std::runtime_error("clCreateCommandQueue failed");
    return q;
}

struct Case {
    std::size_t n = 8;
    std::size_t batch = 1;
    bool dbl = false;
    bool outOfPlace = false;
    clfftDirection dir = CLFFT_FORWARD;
    std::string describe() const
    {
        std::ostringstream s;
        s << "n=" << n << " batch=" << batch << (dbl ? " double" : " single") << (outOfPlace ? " oop" : " inplace")
          << (dir == CLFFT_FORWARD ? " fwd" : " bwd");
        return s.str();
    }
};

// Enqueues the (baked or not) plan `h`, which must match `c`, on `q` with fresh buffers and
// checks the result. Returns an empty string or what went wrong.
template <typename T>
std::string runAndCheck(clfftPlanHandle h, const Case& c, cl_command_queue q, unsigned seed)
{
    using cplx = std::complex<T>;
    const std::vector<cplx> x = hardening::signal<T>(c.n, c.batch, seed);
    const std::size_t bytes = x.size() * sizeof(cplx);
    cl_int err = CL_SUCCESS;
    cl_mem in = clCreateBuffer(env().context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                               const_cast<cplx*>(x.data()), &err);
    if (err != CL_SUCCESS)
        return "clCreateBuffer failed";
    cl_mem out = nullptr;
    if (c.outOfPlace) {
        out = clCreateBuffer(env().context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
        if (err != CL_SUCCESS) {
            clReleaseMemObject(in);
            return "clCreateBuffer failed";
        }
    }
    std::string failure;
    cl_event done = nullptr;
    const clfftStatus st = clfftEnqueueTransform(h, c.dir, 1, &q, 0, nullptr, &done, &in,
                                                 c.outOfPlace ? &out : nullptr, nullptr);
    if (st != CLFFT_SUCCESS) {
        failure = std::string("enqueue: ") + hardening::statusName(st);
    } else {
        std::vector<cplx> y(x.size());
        if (clWaitForEvents(1, &done) != CL_SUCCESS ||
            clEnqueueReadBuffer(q, c.outOfPlace ? out : in, CL_TRUE, 0, bytes, y.data(), 0, nullptr, nullptr) !=
                CL_SUCCESS) {
            failure = "wait/read failed";
        } else {
            const double e = hardening::dftError(x, y, c.n, c.dir == CLFFT_FORWARD ? -1 : +1);
            const double tol = sizeof(T) == sizeof(double) ? 1e-12 : 1e-5;
            if (!(e < tol)) {
                std::ostringstream m;
                m << "relative error " << e;
                failure = m.str();
            }
        }
    }
    if (done)
        clReleaseEvent(done);
    clReleaseMemObject(in);
    if (out)
        clReleaseMemObject(out);
    return failure;
}

std::string run(clfftPlanHandle h, const Case& c, cl_command_queue q, unsigned seed)
{
    return c.dbl ? runAndCheck<double>(h, c, q, seed) : runAndCheck<float>(h, c, q, seed);
}

// Creates and sets a plan for `c`; 0 on failure (added to `failures`).
clfftPlanHandle makePlan(const Case& c, Failures& failures)
{
    clfftPlanHandle h = 0;
    const std::size_t len[1] = {c.n};
    clfftStatus st = clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, len);
    if (st == CLFFT_SUCCESS)
        st = clfftSetPlanPrecision(h, c.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE);
    if (st == CLFFT_SUCCESS)
        st = clfftSetResultLocation(h, c.outOfPlace ? CLFFT_OUTOFPLACE : CLFFT_INPLACE);
    if (st == CLFFT_SUCCESS)
        st = clfftSetPlanBatchSize(h, c.batch);
    if (st != CLFFT_SUCCESS) {
        failures.add(c.describe() + ": create/set: " + hardening::statusName(st));
        if (h)
            clfftDestroyPlan(&h);
        return 0;
    }
    return h;
}

const bool kDouble = true;

} // namespace

BOOST_AUTO_TEST_CASE(many_threads_many_plans)
{
    const int threads = envInt("HARDENING_THREADS", 8);
    const int plans = envInt("HARDENING_PLANS", 50);
    const bool hasDouble = env().hasDouble;
    Failures failures;
    Barrier start(threads);
    std::atomic<int> checked{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            // Even threads share the context's queue, odd threads have their own.
            cl_command_queue own = (t % 2) ? newQueue() : nullptr;
            cl_command_queue q = own ? own : env().queue;
            start.arriveAndWait();
            const std::size_t lengths[] = {8, 16, 32, 64, 12, 60};
            for (int i = 0; i < plans; ++i) {
                Case c;
                const unsigned k = static_cast<unsigned>(t * 131 + i * 17);
                c.n = lengths[k % 6];
                c.batch = 1 + (k / 6) % 3;
                c.dbl = hasDouble && (k / 2) % 2 == 1;
                c.outOfPlace = (k / 3) % 2 == 1;
                c.dir = (i % 2) ? CLFFT_BACKWARD : CLFFT_FORWARD;
                clfftPlanHandle h = makePlan(c, failures);
                if (!h)
                    continue;
                // Half the plans are baked explicitly, the others by their first enqueue.
                if (i % 2 == 0) {
                    const clfftStatus st = clfftBakePlan(h, 1, &q, nullptr, nullptr);
                    if (st != CLFFT_SUCCESS)
                        failures.add(c.describe() + ": bake: " + hardening::statusName(st));
                }
                const std::string f = run(h, c, q, k);
                if (!f.empty())
                    failures.add("thread " + std::to_string(t) + " " + c.describe() + ": " + f);
                else
                    ++checked;
                const clfftStatus st = clfftDestroyPlan(&h);
                if (st != CLFFT_SUCCESS || h != 0)
                    failures.add("destroy: " + std::string(hardening::statusName(st)));
            }
            if (own)
                clReleaseCommandQueue(own);
        });
    for (std::thread& th : pool)
        th.join();
    failures.report();
    BOOST_TEST(checked.load() == threads * plans);
}

BOOST_AUTO_TEST_CASE(concurrent_bakes_of_identical_plans)
{
    const int threads = envInt("HARDENING_THREADS", 8);
    Failures failures;
    // Length 40 and batch 5 are used by no other test here: the first bakes build the program.
    Case c;
    c.n = 40;
    c.batch = 5;
    c.outOfPlace = true;
    {
        Barrier start(threads);
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                clfftPlanHandle h = makePlan(c, failures);
                cl_command_queue q = env().queue;
                start.arriveAndWait();
                if (!h)
                    return;
                const clfftStatus st = clfftBakePlan(h, 1, &q, nullptr, nullptr);
                if (st != CLFFT_SUCCESS)
                    failures.add(std::string("identical plans, bake: ") + hardening::statusName(st));
                const std::string f = run(h, c, q, static_cast<unsigned>(t));
                if (!f.empty())
                    failures.add("identical plans, thread " + std::to_string(t) + ": " + f);
                clfftDestroyPlan(&h);
            });
        for (std::thread& th : pool)
            th.join();
    }
    // One plan, baked by every thread at once (clFFT asserts here), then used by each.
    Case d;
    d.n = 24;
    d.dbl = env().hasDouble;
    clfftPlanHandle shared = makePlan(d, failures);
    BOOST_REQUIRE(shared != 0);
    {
        Barrier start(threads);
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                cl_command_queue own = newQueue();
                start.arriveAndWait();
                const clfftStatus st = clfftBakePlan(shared, 1, &own, nullptr, nullptr);
                if (st != CLFFT_SUCCESS)
                    failures.add(std::string("one plan, bake: ") + hardening::statusName(st));
                const std::string f = run(shared, d, own, static_cast<unsigned>(t));
                if (!f.empty())
                    failures.add("one plan, thread " + std::to_string(t) + ": " + f);
                clReleaseCommandQueue(own);
            });
        for (std::thread& th : pool)
            th.join();
    }
    BOOST_TEST(clfftDestroyPlan(&shared) == CLFFT_SUCCESS);
    failures.report();
}

BOOST_AUTO_TEST_CASE(one_plan_on_two_queues)
{
    const int rounds = envInt("HARDENING_PLANS", 50);
    for (bool outOfPlace : {true, false}) {
        Failures failures;
        Case c;
        c.n = 32;
        c.batch = 3;
        c.dbl = kDouble && env().hasDouble && outOfPlace;
        c.outOfPlace = outOfPlace;
        clfftPlanHandle h = makePlan(c, failures);
        BOOST_REQUIRE(h != 0);
        cl_command_queue q0 = env().queue;
        BOOST_REQUIRE(clfftBakePlan(h, 1, &q0, nullptr, nullptr) == CLFFT_SUCCESS);
        Barrier start(2);
        std::vector<std::thread> pool;
        for (int t = 0; t < 2; ++t)
            pool.emplace_back([&, t] {
                cl_command_queue q = newQueue();
                start.arriveAndWait();
                for (int i = 0; i < rounds; ++i) {
                    Case mine = c;
                    mine.dir = ((i + t) % 2) ? CLFFT_BACKWARD : CLFFT_FORWARD;
                    const std::string f = run(h, mine, q, static_cast<unsigned>(1000 * t + i));
                    if (!f.empty())
                        failures.add("queue " + std::to_string(t) + " round " + std::to_string(i) + " " +
                                     mine.describe() + ": " + f);
                }
                clReleaseCommandQueue(q);
            });
        for (std::thread& th : pool)
            th.join();
        BOOST_TEST(clfftDestroyPlan(&h) == CLFFT_SUCCESS);
        failures.report();
    }
}

BOOST_AUTO_TEST_CASE(destroy_while_in_use)
{
    Failures failures;
    Case c;
    c.n = 16;
    clfftPlanHandle h = makePlan(c, failures);
    BOOST_REQUIRE(h != 0);
    cl_command_queue q0 = env().queue;
    BOOST_REQUIRE(clfftBakePlan(h, 1, &q0, nullptr, nullptr) == CLFFT_SUCCESS);
    const clfftPlanHandle victim = h;
    std::atomic<bool> started{false};
    std::thread user([&] {
        cl_command_queue q = newQueue();
        for (int i = 0; i < 10000; ++i) {
            started = true;
            const std::string f = run(victim, c, q, static_cast<unsigned>(i));
            if (f == std::string("enqueue: ") + hardening::statusName(CLFFT_INVALID_PLAN))
                break; // destroyed: the expected end
            if (!f.empty()) {
                failures.add("while destroying: " + f);
                break;
            }
        }
        clReleaseCommandQueue(q);
    });
    while (!started)
        std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    BOOST_TEST(clfftDestroyPlan(&h) == CLFFT_SUCCESS);
    user.join();
    failures.report();
}

// One plan that needs a temporary buffer (a long 1D transform: several passes through it),
// enqueued concurrently on two queues without a client temporary buffer. Both enqueues use the
// library's one temporary buffer of the plan; nothing orders the two queues, so their passes can
// interleave in it. Each thread compares its output with the result of a sequential run.
BOOST_AUTO_TEST_CASE(plan_with_temporary_buffer_on_two_queues)
{
    const std::size_t n = std::size_t(1) << 18;
    const std::size_t len[1] = {n};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, len), CLFFT_SUCCESS);
    cl_command_queue q0 = env().queue;
    BOOST_REQUIRE_EQUAL(clfftBakePlan(h, 1, &q0, nullptr, nullptr), CLFFT_SUCCESS);
    std::size_t tmp = 0;
    BOOST_REQUIRE_EQUAL(clfftGetTmpBufSize(h, &tmp), CLFFT_SUCCESS);
    BOOST_TEST_MESSAGE("length 2^18 temporary buffer: " << tmp << " bytes");
    const std::vector<std::complex<float>> x = hardening::signal<float>(n, 1, 11);
    const std::size_t bytes = n * sizeof(std::complex<float>);
    auto transform = [&](cl_command_queue q, std::vector<std::complex<float>>& y) {
        cl_int err = CL_SUCCESS;
        cl_mem b = clCreateBuffer(env().context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes,
                                  const_cast<std::complex<float>*>(x.data()), &err);
        if (err != CL_SUCCESS)
            return false;
        const clfftStatus st = clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &b, nullptr, nullptr);
        y.resize(n);
        const bool ok = st == CLFFT_SUCCESS &&
                        clEnqueueReadBuffer(q, b, CL_TRUE, 0, bytes, y.data(), 0, nullptr, nullptr) == CL_SUCCESS;
        clReleaseMemObject(b);
        return ok;
    };
    std::vector<std::complex<float>> reference;
    BOOST_REQUIRE(transform(q0, reference));
    Failures failures;
    Barrier start(2);
    std::vector<std::thread> pool;
    for (int t = 0; t < 2; ++t)
        pool.emplace_back([&, t] {
            cl_command_queue q = newQueue();
            start.arriveAndWait();
            for (int i = 0; i < 6; ++i) {
                std::vector<std::complex<float>> y;
                if (!transform(q, y)) {
                    failures.add("enqueue failed");
                    break;
                }
                double diff = 0, norm = 0;
                for (std::size_t k = 0; k < n; ++k) {
                    diff = std::max(diff, double(std::abs(y[k] - reference[k])));
                    norm = std::max(norm, double(std::abs(reference[k])));
                }
                if (diff > 1e-5 * norm)
                    failures.add("queue " + std::to_string(t) + " round " + std::to_string(i) +
                                 ": differs from the sequential result by " + std::to_string(diff / norm));
            }
            clReleaseCommandQueue(q);
        });
    for (std::thread& th : pool)
        th.join();
    BOOST_TEST(clfftDestroyPlan(&h) == CLFFT_SUCCESS);
    failures.report();
}

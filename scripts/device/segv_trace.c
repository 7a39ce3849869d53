/* LD_PRELOAD helper for the device check: a process that crashes (SIGSEGV, SIGBUS, SIGILL,
 * SIGFPE, SIGABRT) prints its thread's call stack on stderr before it dies, as module+offset
 * pairs. The lent GPU machine has no debugger; the offsets resolve here with
 *   addr2line -f -C -e build/src/libclFFT.so.2.12.2 0xOFFSET
 * against the unstripped build the pack was made from (stripping keeps code offsets). */
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static void report(int sig)
{
    static const char head[] = "segv_trace: fatal signal; call stack:\n";
    void* frames[64];
    const int n = backtrace(frames, 64);
    (void)!write(2, head, sizeof head - 1);
    backtrace_symbols_fd(frames, n, 2);
    signal(sig, SIG_DFL);
    raise(sig);
}

__attribute__((constructor)) static void install(void)
{
    void* warm[1];
    backtrace(warm, 1); /* loads libgcc's unwinder now, not inside the handler */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = report;
    sa.sa_flags = SA_RESETHAND;
    const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; ++i)
        sigaction(sigs[i], &sa, NULL);
}

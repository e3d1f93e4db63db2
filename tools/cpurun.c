// cpurun runs a command once, then again and again, each run to completion
// with its output to /dev/null, until the runs together have used at least MIN_CPU
// CPU-seconds (user+system, from wait4's rusage of each child, so only the
// command's own processes count), and prints "RUNS CPU_SECONDS". It is the
// timer of tools/tdoku-side-by-side.sh.
//
//   cpurun MIN_CPU command [args...]
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: cpurun MIN_CPU command [args...]\n");
        return 2;
    }
    double min = atof(argv[1]), total = 0;
    long runs = 0;
    do {
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 1; }
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            execvp(argv[2], argv + 2);
            perror(argv[2]);
            _exit(127);
        }
        int st;
        struct rusage ru;
        if (wait4(pid, &st, 0, &ru) < 0) { perror("wait4"); return 1; }
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "cpurun: %s failed\n", argv[2]);
            return 1;
        }
        total += ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
        runs++;
    } while (total < min);
    printf("%ld %.6f\n", runs, total);
    return 0;
}

#!/usr/bin/env python3
"""Lists Rust functions longer than N lines (default 80) outside tests: `longfns.py [N] [paths...]`."""
import os, re, sys
limit = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 80
roots = [a for a in sys.argv[1:] if not a.isdigit()] or ["src", "crates"]
fn_re = re.compile(r'^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)')
def strip(line):
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])'", "''", line)
    return line.split('//')[0]
for root in roots:
    for d, _, fs in os.walk(root):
        if '/tests' in d or d.endswith('tests') or '/target' in d or '/benches' in d or '/examples' in d:
            continue
        for f in fs:
            if not f.endswith('.rs') or f == 'tests.rs':
                continue
            p = os.path.join(d, f)
            lines = open(p, encoding='utf-8', errors='replace').read().split('\n')
            i, test_depth = 0, None
            depth = 0
            while i < len(lines):
                l = lines[i]
                if re.match(r'\s*#\[cfg\(test\)\]', l):
                    # skip the following item
                    j = i + 1
                    d0 = depth; started = False
                    while j < len(lines):
                        s = strip(lines[j]); depth += s.count('{') - s.count('}')
                        if '{' in s: started = True
                        if started and depth <= d0: break
                        if not started and s.strip().endswith(';'): break
                        j += 1
                    i = j + 1; continue
                m = fn_re.match(l)
                if m:
                    j = i; d0 = depth; started = False
                    while j < len(lines):
                        s = strip(lines[j]); depth += s.count('{') - s.count('}')
                        if '{' in s: started = True
                        if not started and s.strip().endswith(';'): break
                        if started and depth <= d0: break
                        j += 1
                    n = j - i + 1
                    if started and n > limit:
                        print(f"{p}:{i+1}: fn {m.group(6)}: {n} lines")
                    i = j + 1; continue
                s = strip(l); depth += s.count('{') - s.count('}')
                i += 1

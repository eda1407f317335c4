#!/usr/bin/env python3
"""The mutation engine of scripts/mutate.sh (scripts/mutate.py) on sample lines:
each operator's mutant, what is never mutated, the seeded draw, and the
restoration of the file (mutate.sh --dry-run in a scratch repository, to the
end and interrupted)."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import mutate  # noqa: E402


def mutants(source, operator=None):
    """The mutated lines of a one-line (or more) source, optionally of one operator."""
    return [m for (_, op, _, _, m) in mutate.sites_of_text(source)
            if operator is None or op == operator]


class Operators(unittest.TestCase):
    def test_comparison_flips(self):
        self.assertEqual(mutants("  if (a < b) x = 1;", "cmp_flip"), ["  if (a <= b) x = 1;"])
        self.assertEqual(mutants("  if (a <= b) x = 1;", "cmp_flip"), ["  if (a < b) x = 1;"])
        self.assertEqual(mutants("  if (a > b) x = 1;", "cmp_flip"), ["  if (a >= b) x = 1;"])
        self.assertEqual(mutants("  if (a >= b) x = 1;", "cmp_flip"), ["  if (a > b) x = 1;"])
        self.assertEqual(mutants("  return a == b;", "cmp_flip"), ["  return a != b;"])
        self.assertEqual(mutants("  return a != b;", "cmp_flip"), ["  return a == b;"])

    def test_arithmetic_swaps(self):
        self.assertEqual(mutants("  y = a + b * c;", "arith_swap"),
                         ["  y = a - b * c;", "  y = a + b / c;"])
        self.assertEqual(mutants("  y = a - b / c;", "arith_swap"),
                         ["  y = a + b / c;", "  y = a - b * c;"])
        self.assertEqual(mutants("  y += a;", "arith_swap"), ["  y -= a;"])
        self.assertEqual(mutants("  y *= a;", "arith_swap"), ["  y /= a;"])

    def test_off_by_one_on_constants_and_indices(self):
        self.assertEqual(mutants("  const int n = 3;", "off_by_one"),
                         ["  const int n = 4;", "  const int n = 2;"])
        self.assertEqual(mutants("  int n = 0;", "off_by_one"), ["  int n = 1;"])
        self.assertEqual(mutants("  x = v[i];", "off_by_one"), ["  x = v[i + 1];", "  x = v[i - 1];"])
        # Not integers: floats, exponents, hex digits, digits of names.
        self.assertEqual(mutants("  x = 1.5f * 2.0 + 1e-6 + 0x1F + v2.y;", "off_by_one"), [])

    def test_swapped_arguments(self):
        self.assertEqual(mutants("  Pose p = Blend(a, b);", "swap_args"), ["  Pose p = Blend(b, a);"])
        self.assertEqual(mutants("  Blend(f(x, y), z);", "swap_args"),
                         ["  Blend(z, f(x, y));", "  Blend(f(y, x), z);"])
        # Parameters of a declaration, commuting calls and one-argument calls: none.
        self.assertEqual(mutants("Pose Blend(const Pose& a, float t);", "swap_args"), [])
        self.assertEqual(mutants("  x = std::min(a, b) + Scale(a);", "swap_args"), [])

    def test_deleted_statements(self):
        body = "void F() {\n  {}\n"
        for stmt in ["  x = std::clamp(x, 0.0f, 1.0f);", "  if (done) return;", "  return x;",
                     "  out.count += 2;", "  Normalize(pose);", "  ++i;"]:
            with self.subTest(stmt=stmt):
                self.assertIn("", mutants(body + stmt + "\n}\n", "delete_stmt"))
        # Declarations, a statement's continuation line, a braceless if's body: kept.
        for source in ["  float x = 1.0f;", "  Foo(a,\n      b);", "  if (x)\n    return;"]:
            with self.subTest(source=source):
                self.assertEqual(
                    [m for (n, op, _, _, m) in mutate.sites_of_text(body + source + "\n}\n")
                     if op == "delete_stmt" and n > 3], [])

    def test_negated_condition(self):
        self.assertEqual(mutants("  if (a && b) return;", "negate_cond"), ["  if (!(a && b)) return;"])
        self.assertEqual(mutants("  } else if (x) {", "negate_cond"), ["  } else if (!(x)) {"])

    def test_min_max_swapped(self):
        self.assertEqual(mutants("  y = std::min(a, b);", "minmax_swap"), ["  y = std::max(a, b);"])
        self.assertEqual(mutants("  y = std::max(a, b);", "minmax_swap"), ["  y = std::min(a, b);"])


class Skipped(unittest.TestCase):
    def test_comments_are_not_code(self):
        self.assertEqual(mutants("// if (a < b) return x + 1;"), [])
        self.assertEqual(mutants("/* a < b\n   c + d; */"), [])
        self.assertEqual(mutants("  y = z;  // a < b + 1"), [""])  # only the statement's deletion

    def test_string_and_character_literals_are_not_code(self):
        self.assertEqual(mutants('  Log("a < b, x + 1 [i] if (x)");'), [""])
        self.assertEqual(mutants("  c = '+';"), [""])
        self.assertEqual(mutants('  s = R"(a < b\n  c + 1)";'), [])

    def test_preprocessor_lines(self):
        self.assertEqual(mutants('#include "anim/core/a_1.h"'), [])
        self.assertEqual(mutants("#define TWICE(x) (x + x) * 2"), [])
        self.assertEqual(mutants("#define LONG(x) \\\n  (x + 1)"), [])
        self.assertEqual(mutants("#if A > 1\n#endif"), [])

    def test_template_brackets_and_other_operators(self):
        for line in ["  std::vector<int> v;", "  auto f = static_cast<float>(n);",
                     "template <typename T, int N>", "  std::array<float, 4> a;",
                     "  out << a;", "  x = a >> b;", "  p->x;", "  i++;", "--i;", "  x = a <=> b;"]:
            with self.subTest(line=line):
                self.assertEqual(mutants(line, "cmp_flip") + mutants(line, "arith_swap") +
                                 mutants(line, "off_by_one"), [])
        # A comparison after a cast is still one.
        self.assertEqual(mutants("  if (static_cast<int>(n) < 3) {", "cmp_flip"),
                         ["  if (static_cast<int>(n) <= 3) {"])


class Draw(unittest.TestCase):
    def test_the_same_seed_draws_the_same_mutants(self):
        paths = ["anim/core"]
        first = mutate.draw(paths, 7, 25)
        self.assertEqual(len(first), 25)
        self.assertEqual(first, mutate.draw(paths, 7, 25))
        self.assertNotEqual(first, mutate.draw(paths, 8, 25))
        # Sites are enumerated in sorted file order before the shuffle.
        files = [s[1] for s in mutate.all_sites(paths)]
        self.assertEqual(files, sorted(files))

    def test_each_drawn_site_names_its_mutant(self):
        for site_id, path, number, original, mutated in mutate.draw(["anim/clips"], 1, 10):
            _, _, o, m = mutate.find_site(site_id)
            self.assertEqual((o, m), (original, mutated))
            self.assertNotEqual(original, mutated)


SAMPLE = (
    "// A sample source, its last line without a newline.\r\n"
    "#include <vector>\n"
    "\n"
    "int Clamp(int x, int lo, int hi) {\n"
    "  if (x < lo) return lo;\n"
    "  if (x > hi) return hi;\n"
    "  return std::min(x + 1, hi) * 2;\n"
    "}\n"
    "int Use(const std::vector<int>& v, int i) { return Clamp(v[i], 0, 10); }")


class Restore(unittest.TestCase):
    """mutate.sh --dry-run writes each mutant and restores it; in a scratch
    repository holding a copy of the scripts and a sample file."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="mutate_test_")
        os.makedirs(os.path.join(self.dir, "scripts"))
        os.makedirs(os.path.join(self.dir, "src"))
        for name in ("mutate.sh", "mutate.py"):
            shutil.copy2(os.path.join(ROOT, "scripts", name), os.path.join(self.dir, "scripts"))
        self.sample = os.path.join(self.dir, "src", "sample.cpp")
        with open(self.sample, "wb") as f:
            f.write(SAMPLE.encode())
        git = ["git", "-C", self.dir, "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(["git", "init", "-q", self.dir], check=True)
        subprocess.run(git + ["add", "-A"], check=True)
        subprocess.run(git + ["commit", "-q", "-m", "sample"], check=True)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def sample_bytes(self):
        with open(self.sample, "rb") as f:
            return f.read()

    def test_every_mutant_is_written_and_the_file_restored_byte_identical(self):
        out = subprocess.run([os.path.join(self.dir, "scripts", "mutate.sh"), "src/", "--dry-run",
                              "--count", "1000", "--seed", "1"],
                             capture_output=True, text=True, timeout=300)
        self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
        total = len(mutate.sites_of_text(SAMPLE))
        self.assertGreater(total, 15)
        self.assertIn(f"dry run: {total} mutants written and restored", out.stdout)
        self.assertEqual(self.sample_bytes(), SAMPLE.encode())

    def test_a_draw_started_from_its_kth_mutant_lists_the_rest(self):
        def listed(*extra):
            out = subprocess.run([os.path.join(self.dir, "scripts", "mutate.sh"), "src/", "--list",
                                  "--count", "8", "--seed", "3", *extra],
                                 capture_output=True, text=True, timeout=60)
            self.assertEqual(out.returncode, 0, out.stdout + out.stderr)
            return out.stdout.splitlines()

        whole = listed()
        self.assertEqual(len(whole), 8)
        self.assertEqual(listed("--from", "3"), whole[2:])
        self.assertEqual(listed("--from", "8"), whole[7:])
        refused = subprocess.run([os.path.join(self.dir, "scripts", "mutate.sh"), "src/", "--list",
                                  "--count", "8", "--from", "9"], capture_output=True, text=True)
        self.assertEqual(refused.returncode, 2)
        self.assertIn("--from 9 is not a mutant of the draw (1 to 8)", refused.stderr)

    def test_an_interrupted_run_restores_the_file(self):
        env = dict(os.environ, MUTATE_DRY_RUN_PAUSE="30")
        proc = subprocess.Popen([os.path.join(self.dir, "scripts", "mutate.sh"), "src/",
                                 "--dry-run", "--count", "3"], env=env, start_new_session=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.time() + 60
        while self.sample_bytes() == SAMPLE.encode() and time.time() < deadline:
            time.sleep(0.05)
        self.assertNotEqual(self.sample_bytes(), SAMPLE.encode(), "no mutant was written")
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the whole process group
        proc.communicate(timeout=60)
        self.assertEqual(proc.returncode, 130)
        self.assertEqual(self.sample_bytes(), SAMPLE.encode())


if __name__ == "__main__":
    unittest.main()

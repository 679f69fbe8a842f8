#!/usr/bin/env python3
"""Generates resources/demo/demo-memory-set.json, the bundled Recollector demo store
(docs/formats.md, "The store" and "Recollector memory set").

Run:  python3 resources/demo/make_demo.py      (standard library only; deterministic, seed below)

What it holds
-------------
About 200 memories of two assistants sharing one store: Lin's coding assistant (TypeScript,
Python, Qt/C++ work, pnpm vs npm, vitest, CI pitfalls, git habits, review preferences, tool
quirks; some scoped to /home/lin/src/{recollector-web,qt-player,pyetl,dotfiles}) and his personal
assistant (family, diet, coffee vs tea, schedule, travel, health, hobbies, languages). About
15% of the memories are wholly or partly Chinese. Categories cover all four seed notes:
pattern/lesson/preference/pitfall/tool (000), identity/stable_preference/short_term_preference/
fact/skill/temporary (001), system/core/episode/fact (002).

How the numbers are made (so every view has something to show under every profile)
-------------------------------------------------------------------------------------
* Every instant is written relative to EXPORTED_AT (the importer shifts them all by
  now − exportedAt). Ages run from hours to ~2 years.
* Each memory is given a target ebbinghaus tier (table column `t`: P permanent, A active,
  F fading, W weak, X forgotten). solve_reinforcement() then picks a reinforcement history
  (count and kinds of reinforce events, seeded RNG) and the hours h since the last one so
  that strength = round(100·exp(−h/(stability/decayRate))) lands inside that tier, where
  stability = initial (24 h; 168 h for manual) × the event multipliers (access 1.2,
  task_success 2.0, task_failure 0.8, manual 1.5, association_hit 1.1), capped at 8760 h,
  and decayRate follows docs/scoring.md, "Decay rate" (confidence ≥ 0.8 ×0.7,
  reinforceCount ≥ 5 ×0.8, pitfall ×0.9, floor 0.5). The events written replay exactly that
  history (before/after stability and decayRate), so a profile can rebuild the curve from
  the events.
* Associations follow docs/scoring.md, "Associations" (keyword Jaccard ≥ 0.3 → Jaccard, same
  taskId 0.5, created < 24 h apart 0.3·(1 − Δt/24 h) when > 0.05, same projectPath 0.2, one
  edge per unordered pair keeping the strongest, a < b) plus a few user-drawn `manual` links.

Planted contradictions (all listed as open conflicts; a = older, b = newer; key: id)
---------------------------------------------------------------------------------
direct_contradiction (keyword Jaccard ≥ 0.6, exactly one side carries a negation cue,
created < 30 days apart, same scope):
  k1 mem_01M5Z67V01ZMB2G8KAQJKDM6R7 "Lin likes drinking coffee in the morning …"
  k2 mem_01M7M208EN70KN35VSJXNN6PA7 "Lin no longer drinks coffee; he switched to green tea …"
  h3 a67d0f20                       用户喜欢早上跑步，通常沿着钱塘江跑5公里。
  h4 8622b188                       用户不再早上跑步了，膝盖受伤后改成晚上去游泳。
  s2 mem_01M5KPCPBDEVCCKGHDTV0C09A2 用户喜欢把会议安排在早上，那时头脑最清醒。
  s1 mem_01M7FRM2G9MH9Y16W08H9WMPKW 用户不喜欢早上开会，会议尽量安排在下午。
  w2 1b2ba06b                       "Use npm install for the recollector-web repo …" (recollector-web)
  w1 mem_01M7CW20RBQ024PBA53HHFEHNM "Never use npm in recollector-web; pnpm only …" (recollector-web)
  v1 mem_01M67VY7TFQ4W2SKAZE49FSKJS "Run vitest with `--pool=threads` in CI for speed."
  v2 mem_01M7HBKDHWC0X4CRTTK7MH1Z4D "Don't run vitest with threads in CI …"
temporal_shift (same subject, no negation cue, created ≥ 30 days apart, same scope):
  o1 mem_01KQSCJVYD37DZZV6JZR6EEZ4X "Lin's office is in Shanghai …" (200 days old)
  o2 07c3bcde                       "Lin's office moved to Hangzhou …" (40 days old)
  w5 953a5154                       "recollector-web targets Node 18 …" (recollector-web, 210 days old)
  w6 4c8edfa3                       "recollector-web targets Node 22 LTS now …" (recollector-web, 18 days old)
scope_overlap (a global and an recollector-web memory disagree; no cue; < 30 days apart):
  g1 mem_01M525CDC7SEDY9V4Z1QZ063TS "Indent with 4 spaces in C++, Python and shell scripts." (global)
  w7 588efbce                       "Indent with 2 spaces in recollector-web …" (recollector-web)
  g2 mem_01M3VWN8KX1QZ7D3372H3SVM1E "Commit messages: imperative mood …" (global)
  g3 6e2d3c61                       "In recollector-web, commit messages follow Conventional Commits …"
Control pairs with Jaccard ≥ 0.5 that a detector must NOT flag (same polarity, same scope,
< 30 days apart):
  o4 080b4f9b / o5 mem_01M7T27SZFJ38J0HCF6MHWSK6S   nervous before the interview → relaxed now (docs/scoring.md, "Detection")
  hb3 8ab402d8 / hb4 mem_01M7CP7B7FFG3S9F0TB97PPYTB reading book one → finished it
  t1 mem_01KFQQKBJBZ48BNVNV929PPYP2 / t2 4eaf6d61   two negative rules (same polarity)
  v4 mem_01KVSYGQ3N3VKEH54DRCHANDQY / v5 37c3de4c   [typescript, testing, vitest|jest], Jaccard 0.5
  l2 mem_01M485VMCQ5XDXAWRJ441Z8433 / l5 c59bd0cb   three mentions (l2..l4) merged into one summary
check_conflicts() re-detects from content alone with several cue lists (word-boundary narrow,
broad, plain substring) and fails if any candidate pair other than the planted ones would be
flagged; main() fails if an id above no longer matches what the table generates.

Also present: four negated memories with a correction (q9→q10, f4→f5, e7→e8, qp1→qp2;
correction Jaccard < 0.5 so they are not re-flagged), one batch merge (l2..l4 → l5, note
001), one compression (tr1 → tr1s, note 003), four edits, 20 permanent memories, three
sensitivity-2 memories and one sensitivity-3 (h1), ids half 8-hex, half mem_+ULID.
"""

import json
import math
import os
import random
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone

SEED = 20261120
EXPORTED_AT = datetime(2026, 11, 20, 12, 0, 0, tzinfo=timezone.utc)
NOW = int(EXPORTED_AT.timestamp() * 1000)
HOUR = 3_600_000
DAY = 24 * HOUR
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "demo-memory-set.json")

PROJECTS = {"W": "/home/lin/src/recollector-web", "Q": "/home/lin/src/qt-player",
            "P": "/home/lin/src/pyetl", "D": "/home/lin/src/dotfiles"}
MULT = {"access": 1.2, "task_success": 2.0, "task_failure": 0.8, "manual": 1.5, "association_hit": 1.1}
MAX_STABILITY = 8760.0
# Raw (unrounded) strength bands per tier, kept away from the rounding edges of 30/10/5.
BANDS = {"A": (33.0, 98.0), "F": (11.0, 28.0), "W": (5.6, 9.2), "X": (0.3, 4.0), "P": (35.0, 99.0)}

MEMS = []


def M(key, cat, kw, content, t, src="chat", age=None, proj=None, conf=None, imp=None, sens=0,
      verified=False, modal=None):
    MEMS.append(dict(key=key, cat=cat, kw=kw.split(), content=content, tier=t, src=src, age=age,
                     proj=proj, conf=conf, imp=imp, sens=sens, verified=verified,
                     modal=modal or ["text"]))


# ---------------------------------------------------------------- coding assistant
M("w1", "preference", "recollector-web package-manager npm pnpm lockfile", "Never use npm in recollector-web; pnpm only. The lockfile is pnpm-lock.yaml and CI runs `pnpm install --frozen-lockfile`.", "A", "user", 6, "W", 0.95)
M("w2", "preference", "recollector-web package-manager npm lockfile", "Use npm install for the recollector-web repo; CI caches package-lock.json.", "F", "task:T1", 25, "W", 0.7)
M("w3", "pitfall", "vitest jsdom testing config", "recollector-web's vitest config needs `environment: 'jsdom'`; without it component tests fail with `document is not defined`.", "A", "task:T1", proj="W")
M("w4", "pattern", "testing vitest fixtures layout", "Component tests sit next to the component as `Foo.test.tsx`; shared fixtures go in src/test/fixtures.", "F", "task:T1")
M("w5", "fact", "node version runtime engines", "recollector-web targets Node 18 (`engines.node` is `>=18`).", "W", "task:T14", 210, "W")
M("w6", "fact", "node version runtime engines nvmrc", "recollector-web targets Node 22 LTS now; `.nvmrc` says 22 and CI uses node-version 22.x.", "A", "task:T11", 18, "W")
M("w7", "preference", "indent spaces formatting style prettier", "Indent with 2 spaces in recollector-web; Prettier enforces it in the pre-commit hook.", "A", "user", 12, "W", 0.95)
M("w8", "pitfall", "frontend vite cache dev-server", "Vite caches pre-bundled dependencies in node_modules/.vite; after switching to a branch with different deps, start the dev server with `--force`.", "A", "task:T2", 9)
M("w9", "tool", "playwright e2e testing browsers", "Lin's web projects run e2e tests with Playwright (`pnpm test:e2e`); install browsers with `pnpm exec playwright install chromium`.", "F", "task:T14")
M("w10", "lesson", "vitest mocking fetch testing", "Mocking fetch with vi.fn() leaks between test files unless `restoreMocks: true` is set in the vitest config.", "A", "task:T2")
M("w11", "fact", "openapi codegen api-client", "The API client in recollector-web is generated from openapi.yaml with `pnpm gen:api`; files in src/api/generated are overwritten on every run.", "A", "task:T14", proj="W")
M("w12", "tool", "frontend components storybook", "Storybook runs on port 6006 (`pnpm storybook`) in Lin's web projects.", "W", "chat", 230)
M("w13", "pitfall", "frontend css tailwind components", "Tailwind purges class names built by string concatenation; write full class names or add them to the safelist.", "F", "task:T11")
M("w14", "lesson", "vitest msw memory-leak testing", "A vitest run that grew to 3 GB RSS was an MSW server left open; close servers in afterAll.", "A", "task:T15", 3)
M("t1", "preference", "typescript types strict any", "Don't use `any` in TypeScript; use `unknown` and narrow it.", "A", "user", 300, verified=True)
M("t2", "preference", "typescript types strict tsconfig", "Never turn off `strict` in tsconfig; fix the types instead.", "P", "user", 290, verified=True)
M("t3", "pattern", "typescript types interfaces", "Use `type` aliases for unions and `interface` for object shapes that other code extends.", "F", "chat", 260)
M("t4", "lesson", "typescript types unions exhaustiveness", "For discriminated unions Lin wants an exhaustive switch with a `never` check in the default branch.", "F", "chat", 140)
M("t5", "tool", "typescript tooling ci type-check", "Run `tsc --noEmit` as its own CI step; vitest strips types and never type-checks.", "A", "task:T3", 20)
M("t6", "pitfall", "typescript tooling esm tsx", "ts-node breaks on ESM packages (`\"type\": \"module\"`); run TypeScript scripts with tsx.", "W", "chat", 380)
M("v1", "preference", "vitest ci threads testing", "Run vitest with `--pool=threads` in CI for speed.", "F", "task:T3")
M("v2", "pitfall", "vitest ci threads testing forks", "Don't run vitest with threads in CI: the 2-core runner deadlocks. Use `--pool=forks`.", "A", "task:T4", 4)
M("v3", "pattern", "testing bug-fix tdd review", "When fixing a bug, write the failing test first; Lin reviews the test before the fix.", "A", "user", 330)
M("v4", "preference", "typescript testing vitest", "Lin prefers vitest over jest for new TypeScript projects.", "A", "user", 150, verified=True)
M("v5", "lesson", "typescript testing jest", "Legacy projects still on jest need ts-jest with `isolatedModules: true`; migrate them to vitest in a dedicated PR.", "F", "task:T13", 140)
M("c1", "pitfall", "ci github-actions cache lockfile", "The GitHub Actions cache key must include the lockfile hash, or stale node_modules get restored.", "A", "task:T9", 200)
M("c2", "pitfall", "ci timezone testing dates", "CI runners use UTC; date tests that pass locally in Asia/Shanghai fail in CI. Set TZ explicitly in the test setup.", "F", "chat", 100)
M("c3", "lesson", "flaky quarantine retries testing", "A flaky test is a bug: quarantine it with a linked issue instead of adding retries.", "A", "task:T4")
M("c4", "pitfall", "qt ci offscreen testing", "Qt widget tests in CI need `QT_QPA_PLATFORM=offscreen`, otherwise they abort with 'could not connect to display'.", "A", "chat", 75)
M("c5", "tool", "github-actions act workflow", "Run GitHub Actions workflows locally with `act` before pushing workflow changes.", "F", "task:T9")
M("c6", "pitfall", "ci github-actions macos release", "macOS runners are billed at 10× the Linux rate; keep macOS jobs to the release workflow.", "W", "task:T9")
M("c7", "lesson", "ci git main-branch revert", "When main is red, fix or revert within the hour; don't stack new PRs on a red main.", "A", "user", 160)
M("c8", "tool", "ci release cpack packaging", "The release workflow tags `vX.Y.Z` and builds the .deb with CPack.", "W", "chat", 330)
M("g1", "preference", "indent spaces formatting style", "Indent with 4 spaces in C++, Python and shell scripts.", "A", "user", 35, conf=0.9)
M("g2", "preference", "git commit-message style", "Commit messages: imperative mood, subject line under 72 characters, body wrapped at 72.", "A", "user", 50, verified=True)
M("g3", "preference", "git commit-message style conventional-commits", "In recollector-web, commit messages follow Conventional Commits (feat:, fix:, chore:).", "A", "user", 30, "W")
M("g4", "preference", "git branches force-push main-branch", "Never force-push to main; on your own feature branches use --force-with-lease.", "P", "user", 420, verified=True)
M("g5", "pattern", "git rebase pull-request history", "Rebase feature branches on main before opening a PR; Lin dislikes merge commits inside feature branches.", "A", "chat", 220)
M("g6", "tool", "git fixup review history", "Lin uses `git absorb` to fold review fixes into the right commits before merging.", "F", "chat", 110)
M("g7", "pattern", "pull-request review size", "Keep PRs under about 400 changed lines; split refactors from behaviour changes.", "A", "user", 240)
M("g8", "pitfall", "git hooks shellcheck lint", "The dotfiles pre-commit hook runs shellcheck; committing with `--no-verify` only moves the failure to CI.", "W", "chat", 270, "D")
M("r1", "preference", "review comments conventions", "Lin wants review comments prefixed with `nit:`, `question:` or `blocking:`.", "A", "user", 190)
M("r2", "preference", "review testing priorities", "In code review, raise missing tests first and style nits last.", "F", "user", 185)
M("r3", "preference", "answers format communication style", "Lin prefers short answers: code first, then a few bullet points, no long preamble.", "P", "user", 600, verified=True)
M("r4", "lesson", "review pull-request api deprecation", "Lin rejected a PR that renamed a public API without a deprecation path; keep the old name as an alias for one release.", "F", "chat", 170)
M("r5", "preference", "review language 中文 comments", "请用中文写代码审查的总结，代码注释保持英文。", "A", "user", 90)
M("q1", "tool", "shell cli-tools ripgrep search", "ripgrep skips files listed in .gitignore; use `rg -uu` to search build directories.", "F", "chat", 350)
M("q2", "tool", "editor setup neovim lsp", "Lin's editor is Neovim with lazy.nvim; language servers come from mason: clangd, pyright, typescript-language-server.", "A", "user", 500)
M("q3", "pitfall", "lsp setup clangd compile-commands", "clangd needs compile_commands.json: configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON and symlink it into the source root.", "A", "task:T12", 45)
M("q4", "tool", "shell cli-tools fd bat", "Suggest `fd` and `bat` rather than find and cat; Lin has both installed.", "W", "chat", 400)
M("q5", "pitfall", "shell cli-tools sed macos", "BSD sed on the macOS CI runner needs `sed -i ''`; GNU sed on Lin's laptop does not.", "X", "chat", 210)
M("q6", "tool", "shell cli-tools tmux terminal", "tmux prefix is C-a; Lin names sessions after the repository.", "F", "user", 640)
M("q7", "pitfall", "frontend dev-server docker node_modules", "Bind-mounted node_modules in Docker Desktop are slow; use a named volume for node_modules.", "X", "chat", 520)
M("q8", "tool", "shell cli-tools jq json", "jq is on every machine Lin uses; prefer it to Python one-liners for JSON in shell scripts.", "F", "chat", 300)
M("q9", "preference", "editor theme dark-mode", "Lin prefers dark mode in every editor and terminal.", "X", "chat", 330)
M("q10", "preference", "editor theme light-mode daytime", "Lin uses a light theme during the day and switches editors to dark after 19:00.", "A", "user", 95)
M("p1", "preference", "python uv dependencies virtualenv", "pyetl uses uv: `uv sync`, then `uv run pytest`; never pip-install into the system Python.", "A", "task:T5", 120, "P")
M("p2", "pitfall", "pandas csv dtypes", "pandas 2.x reads the `zip` column as int and drops leading zeros; pass dtype={'zip': str} to read_csv.", "F", "task:T6", 300, "P")
M("p3", "pattern", "pytest fixtures postgres testing", "pyetl's database tests use the `pg_tmp` fixture from tests/conftest.py: one throwaway Postgres per session.", "A", "task:T5", proj="P")
M("p4", "lesson", "cron timezone dst scheduling", "The nightly ETL broke on the DST switch; schedule cron in UTC and convert time zones only at the edges.", "W", "task:T6", proj="P")
M("p5", "tool", "python ruff lint formatting", "ruff replaces flake8 and isort in pyetl: `uv run ruff check --fix`.", "F", "task:T5", proj="P")
M("p6", "fact", "parquet s3 storage", "pyetl writes parquet files to s3://lin-warehouse/raw/, partitioned by ingest date.", "A", "manual", 380, "P")
M("p7", "preference", "python types mypy strict", "New Python code gets full type hints, checked with mypy --strict.", "A", "user", 260)
M("p8", "pattern", "python guidelines pathlib style", "Use pathlib instead of os.path in new Python code.", "W", "chat", 450)
M("p9", "pitfall", "python guidelines dataclasses defaults", "Dataclass fields with list defaults need field(default_factory=list).", "X", "chat", 560)
M("p10", "preference", "python formatting black style", "Format Python with black at line length 100.", "F", "user", 470)
M("p11", "tool", "pyetl backfill cli", "Backfills: `uv run python -m pyetl.cli backfill --since 2026-01-01`.", "F", "user", 70, "P")
M("qp1", "fact", "qt-player build qmake", "qt-player builds with qmake: `qmake && make -j8`.", "X", "task:T7", 300, "Q")
M("qp2", "fact", "qt-player cmake qt6 migration", "qt-player moved to CMake with Qt 6.4; configure with `cmake -B build -G Ninja`.", "A", "user", 60, "Q")
M("qp3", "pitfall", "qt multimedia gstreamer playback", "QMediaPlayer on Linux needs gst-plugins-good and gst-plugins-bad; without them playback fails silently.", "F", "task:T7", proj="Q")
M("qp4", "pattern", "qt i18n translations", "qt-player strings go through tr(); translations live in i18n/qt-player_zh_CN.ts and i18n/qt-player_en.ts.", "W", "chat", 200, "Q")
M("qp5", "pitfall", "qt threads signals widgets", "Never touch widgets from the decoder thread; emit a signal and let a queued connection update the UI.", "A", "task:T8", 58, "Q")
M("qp6", "lesson", "qt ownership crash cpp", "The crash on exit was a double delete: a child with a QObject parent was also owned by a unique_ptr.", "A", "task:T8", proj="Q")
M("qp7", "tool", "qt multimedia logging debugging", "Debug playback with QT_LOGGING_RULES=\"qt.multimedia.*=true\".", "W", "task:T7", proj="Q")
M("cp1", "preference", "cpp guidelines ownership smart-pointers", "C++: prefer std::unique_ptr; raw new only where a Qt parent takes ownership.", "P", "user", 380, verified=True)
M("cp2", "pattern", "cpp warnings ci compiler", "Use -Wall -Wextra -Werror in CI builds; warnings stay warnings locally.", "F", "chat", 300)
M("cp3", "pitfall", "cpp sanitizers ccache build", "After toggling -fsanitize, clear ccache or the link fails with undefined __asan symbols.", "F", "task:T10", 90)
M("cp4", "tool", "cmake ninja ccache build", "Lin builds everything with Ninja and ccache; suggest `cmake -G Ninja`.", "A", "task:T10")
M("cp5", "lesson", "cpp clang-format formatting ci", "Different clang-format versions order includes differently; pin clang-format 15 in CI and locally.", "W", "task:T10")
M("cp6", "pattern", "cpp guidelines api parameters", "Prefer std::span and std::string_view parameters over const std::vector& and const std::string&.", "F", "chat", 240)
M("cp7", "preference", "qt signals connect cpp", "Use the function-pointer form of Qt's connect(); avoid the SIGNAL()/SLOT() macros.", "W", "user", 200)
M("cp8", "lesson", "cpp compile-time performance build", "ranges pipelines in hot loops doubled compile times; Lin prefers plain loops there.", "W", "chat", 130)
M("d1", "fact", "dotfiles stow setup", "Dotfiles are managed with GNU stow: `stow -t ~ zsh nvim git`.", "F", "manual", 600, "D")
M("d2", "preference", "zsh shell aliases", "zsh with the starship prompt; aliases live in ~/.config/zsh/aliases.zsh.", "W", "manual", 590, "D")
M("m1", "lesson", "toolchain upgrades communication", "Check the README's supported toolchain before suggesting an upgrade; Lin dislikes surprise migrations.", "F", "chat", 200)
M("m2", "preference", "answers format shell commands", "Shell commands as copy-pasteable blocks, without `$` prompts.", "A", "user", 420)
M("m3", "pattern", "git branches naming", "Branch names follow `lin/<ticket>-<slug>`, e.g. lin/ENG-412-decay-chart.", "A", "user", 330)
M("m4", "fact", "laptop hardware debian", "Lin's work laptop: ThinkPad X1 Carbon Gen 11, Debian 12, 32 GB RAM.", "W", "chat", 280)
M("m5", "skill", "skills typescript python cpp", "Lin is fluent in TypeScript and Python, comfortable in C++, rusty on template metaprogramming.", "A", "chat", 500)
M("m6", "pitfall", "qt debian versions compatibility", "Debian 12 ships Qt 6.4: newer APIs such as QTimeZone::UTC don't exist there.", "A", "task:T12")
M("m7", "tool", "gh pull-request review cli", "Review PRs locally with `gh pr checkout <number>`.", "W", "chat", 260)
M("m8", "lesson", "security privacy secrets env", "Secrets go in .env.local (gitignored); a token leaked in 2025 had to be rotated.", "P", "user", 560, verified=True)
M("m9", "preference", "logging language 中文 messages", "日志和异常信息用英文，给用户看的提示可以用中文。", "A", "user", 90)
M("m10", "pattern", "testing mocking design", "Prefer small pure functions plus one integration test over many mocks.", "A", "task:T15")
M("m11", "preference", "answers format language chinese", "Answer in English for code topics unless Lin writes in Chinese first.", "A", "user", 220)
M("m12", "temporary", "redux zustand state-management", "This sprint Lin is moving recollector-web's state management from Redux to Zustand.", "A", "chat", 12)

# ---------------------------------------------------------------- personal assistant
M("i1", "identity", "identity profile name lin", "The user's name is Lin Wei (林伟); he likes being called Lin.", "P", "user", 700, conf=0.98, imp=3.5, verified=True)
M("i2", "identity", "identity profile birthday hangzhou", "Lin was born on 14 March 1990 in Hangzhou.", "P", "user", 698, imp=3.2, sens=1, verified=True)
M("i3", "identity", "identity profile university tongji", "林伟在上海读的大学（同济，计算机系），2012年毕业。", "P", "chat", 650, imp=2.6)
M("i4", "identity", "identity profile job tidepool", "Lin is a senior software engineer at Tidepool Labs, on the data platform team.", "P", "chat", 640, imp=2.8, verified=True)
M("i5", "identity", "identity profile languages mandarin", "Lin speaks Mandarin (native) and fluent English, and is learning Japanese.", "P", "chat", 630, imp=2.5)
M("f1", "core", "family members wife jing", "Lin's wife is Chen Jing (陈静), a pediatrician at the Children's Hospital.", "P", "user", 695, imp=3.4, verified=True)
M("f2", "core", "family members daughter mia", "Lin's daughter Mia (林米娅) was born in June 2019.", "P", "user", 694, imp=3.3, verified=True)
M("f3", "fact", "family members leo daycare", "Lin's son Leo was born in August 2022 and goes to Sunflower daycare in Binjiang.", "A", "chat", 520)
M("f4", "fact", "leo allergy cats", "Leo is allergic to cats.", "X", "chat", 160, sens=1)
M("f5", "fact", "leo allergy dust-mites hepa", "Leo's allergy test: it's dust mites, cats are fine. Run the HEPA filter in his room at night.", "A", "user", 120, sens=1)
M("f6", "fact", "family members parents hangzhou", "Lin's parents live in Hangzhou's Shangcheng district; he visits them about once a month.", "A", "chat", 560)
M("f7", "fact", "mia piano saturday lessons", "Mia has piano lessons on Saturday mornings at 9:30 with Teacher Zhang.", "A", "chat", 240)
M("f8", "temporary", "jing shifts evenings kids", "Jing is on night shifts this week; keep Lin's evenings free for the kids.", "A", "chat", 3, imp=0.45)
M("f9", "fact", "family members sister chengdu", "Lin's sister Lin Yu lives in Chengdu and has a corgi named 豆豆.", "F", "chat", 400)
M("f10", "episode", "kids milestone mia tooth", "Mia lost her first front tooth at dinner; Lin kept it in a little box for her.", "X", "background_ai", 370)
M("f11", "fact", "anniversary jing restaurant 纪念日", "结婚纪念日是10月3日，每年去西湖边的知味观吃饭。", "P", "user", 600, imp=2.7, verified=True)
M("f12", "short_term_preference", "gift jing birthday pen", "Gift idea for Jing's birthday on 12 December: she mentioned a Lamy 2000 fountain pen.", "A", "chat", 10)
M("f13", "fact", "kids weekend goldfish pets", "The kids have two goldfish named 饺子 and 包子; change their water every Sunday.", "F", "chat", 90)
M("f14", "episode", "kids milestone leo dialect", "Leo counted to twenty in Hangzhou dialect for grandma; the family video-called Lin Yu to show her.", "X", "background_ai", 300)
M("f15", "temporary", "mia school play", "Mia's school play is on 28 November at 15:00; Lin promised to be there.", "A", "chat", 6)
M("co1", "core", "family weekend priorities", "Weekends are family time: no work meetings on Saturdays.", "P", "user", 560, imp=3.3, verified=True)
M("co2", "core", "career goals management", "Lin's long-term goal: move into an engineering manager role within two years.", "A", "user", 420, imp=3.0)
M("co3", "core", "family emergency contact jing", "用户的紧急联系人是陈静。", "P", "user", 680, imp=3.1, sens=1)
M("sy1", "system", "assistant rules persona style", "Assistant persona: concise and warm; address the user as Lin; avoid emoji.", "P", "system", 700, imp=3.5)
M("sy2", "system", "assistant rules language replies", "Reply in the language Lin writes in; mixed Chinese/English messages get a mixed reply.", "P", "system", 700, imp=3.5)
M("sy3", "system", "assistant rules privacy security", "Never store passwords, bank card numbers or full ID numbers in memory.", "P", "system", 700, imp=3.5)
M("sy4", "system", "assistant rules confidence extraction", "Memories extracted from chats start at confidence 0.6 until Lin confirms them.", "A", "system", 365, imp=3.0)
M("e1", "stable_preference", "diet tastes vegetarian fish", "Lin eats vegetarian on weekdays and fish at weekends.", "A", "chat", 300)
M("e2", "stable_preference", "diet tastes coriander", "Lin dislikes coriander (香菜); ask restaurants to leave it out.", "A", "chat", 500)
M("e3", "fact", "diet restrictions lactose oat-milk", "Lin is lactose intolerant and takes oat milk in his drinks.", "P", "user", 540, verified=True)
M("e4", "short_term_preference", "diet restrictions fasting lunch", "Lin is trying 16:8 intermittent fasting this month: first meal at 11:30.", "F", "chat", 30)
M("e5", "temporary", "diet restrictions sugar 控糖", "用户这周在控糖，别推荐甜点和奶茶。", "W", "chat", 40)
M("e6", "episode", "jing date-night restaurant yunnan", "Lin and Jing tried the new Yunnan place on Nanshan Road on Friday and loved the wild mushroom hotpot.", "F", "background_ai", 12)
M("e7", "stable_preference", "diet tastes spicy 辣", "用户喜欢吃辣，尤其是川菜。", "F", "chat", 220)
M("e8", "short_term_preference", "diet restrictions stomach 胃", "用户最近胃不舒服，医生建议少吃辣，先吃清淡的。", "A", "user", 25)
M("e9", "fact", "lunch noodles office", "Lin's usual lunch near the office is the 兰州拉面 place on Jiangnan Avenue.", "W", "chat", 35)
M("e10", "skill", "diet tastes cooking hangzhou", "Lin cooks Hangzhou dishes well: 西湖醋鱼 and 东坡肉 are his specialties.", "F", "chat", 450)
M("k1", "stable_preference", "coffee morning drink flat-white", "Lin likes drinking coffee in the morning, usually a flat white with oat milk.", "A", "chat", 24)
M("k2", "short_term_preference", "coffee morning drink green-tea", "Lin no longer drinks coffee; he switched to green tea in the morning to sleep better.", "A", "chat", 3)
M("k3", "stable_preference", "tea drink longjing brewing", "Lin's favourite tea is Longjing (龙井); he brews it at about 80 °C in a glass.", "A", "chat", 600)
M("k4", "fact", "coffee drink equipment aeropress", "Lin owns a Baratza Encore grinder and an AeroPress.", "W", "chat", 400)
M("k5", "temporary", "tea delivery order longjing", "Two tins of Meijiawu Longjing ordered; delivery expected Thursday.", "X", "chat", 60, imp=0.4)
M("k6", "episode", "chat coffee sleep", "[{ts}] 聊了咖啡和睡眠，用户说最近睡得不好。", "F", "background_ai", 8)
M("s1", "stable_preference", "会议 早上 日程 下午", "用户不喜欢早上开会，会议尽量安排在下午。", "A", "user", 5)
M("s2", "stable_preference", "会议 早上 日程", "用户喜欢把会议安排在早上，那时头脑最清醒。", "F", "chat", 28)
M("s3", "fact", "work tidepool standup schedule", "Lin's team standup is at 10:15 on weekdays in Tencent Meeting.", "A", "chat", 160)
M("s4", "stable_preference", "calendar schedule focus-time wednesday", "Lin keeps Wednesday 14:00–17:00 as focus time; don't book anything then.", "A", "user", 180, imp=2.6, verified=True)
M("s5", "temporary", "health dentist appointment", "Dentist appointment on 24 November at 16:30 with Dr. Wu at the Binjiang clinic.", "A", "chat", 0.3, imp=0.48)
M("s6", "fact", "mia school pickup schedule", "Lin picks Mia up from school at 16:30 on Tuesdays and Thursdays.", "A", "chat", 70)
M("s7", "stable_preference", "calendar reminders schedule", "Lin wants calendar reminders 30 minutes ahead; 10 minutes is too short.", "W", "chat", 240)
M("s8", "temporary", "work-from-home schedule week", "Lin works from home on Monday and Friday this week.", "W", "chat", 18)
M("s9", "pattern", "reminders calendar later morning", "When Lin says 'remind me later', remind him at 9:30 the next morning.", "A", "user", 260)
M("s10", "temporary", "home household landlord 房东", "下周二下午三点和房东谈续租的事。", "X", "chat", 100, imp=0.3)
M("o1", "fact", "office work location city", "Lin's office is in Shanghai, near Jing'an Temple.", "F", "chat", 200)
M("o2", "fact", "office work location city binjiang", "Lin's office moved to Hangzhou, in the Binjiang district.", "A", "chat", 40)
M("o3", "fact", "commute metro work", "Lin commutes to the Binjiang office on Hangzhou Metro line 6; about 35 minutes door to door.", "A", "chat", 36)
M("o4", "episode", "interview job mood brightwave", "Lin was nervous before the Brightwave job interview.", "F", "chat", 10)
M("o5", "episode", "interview job mood brightwave", "Lin feels relaxed now: the Brightwave interview went well and HR called back.", "A", "chat:C1", 1)
M("o6", "temporary", "brightwave offer salary", "Brightwave offer expected by the end of November; Lin's floor is a 20% raise.", "A", "chat:C1", sens=2)
M("o7", "fact", "work tidepool manager one-on-one", "Lin's manager at Tidepool is Sarah Okafor; 1:1 every other Tuesday.", "A", "chat", 250)
M("o8", "lesson", "interview preparation notion", "Lin prepares for interviews by writing STAR stories in a Notion page.", "F", "chat", 30)
M("o9", "episode", "chat interview mia", "[{ts}] 聊了面试和米娅的学校演出。", "A", "background_ai", 0.6, imp=0.4)
M("tr1", "episode", "travel kyoto nara machiya", "Kyoto trip notes, April 2025: machiya near Gion, Fushimi Inari at 7 am, feeding the deer in Nara with Mia.", "X", "chat", 590)
M("tr1s", "episode", "travel family kyoto japan", "Summary: family trip to Kyoto and Nara in April 2025; Mia's favourite part was the deer.", "W", "system", 560, conf=0.7)
M("tr2", "stable_preference", "travel transport trains seats", "Lin prefers high-speed rail over flights for trips under five hours, window seat.", "A", "chat", 350, verified=True)
M("tr3", "fact", "travel documents passport japan", "Lin's passport expires in March 2029.", "F", "user", 520, sens=1)
M("tr4", "temporary", "travel family sanya budget", "Planning a family trip to Sanya for Chinese New Year 2027; budget about ¥15,000.", "A", "chat", 8)
M("tr5", "fact", "travel booking hotels trains", "Lin books hotels on Ctrip and train tickets on 12306.", "F", "chat", 300)
M("tr6", "episode", "travel family huangshan 国庆", "国庆带孩子去了黄山，Leo在山上发烧，提前一天回来了。", "X", "background_ai", 415)
M("tr7", "lesson", "travel hotels kids kitchenette", "With the kids, book hotels with a kitchenette; Leo eats better with home-cooked food.", "F", "chat", 400)
M("tr8", "temporary", "travel work tidepool offsite", "Flight CA1702 to Beijing on 2 December at 08:05 for the Tidepool offsite.", "A", "chat", 2)
M("h1", "fact", "health doctor medication blood-pressure", "Lin takes amlodipine 5 mg every morning for blood pressure.", "P", "user", 450, sens=3, verified=True)
M("h2", "fact", "health doctor therapy thursday", "Lin's therapy sessions are every other Thursday at 18:00.", "A", "user", 200, sens=2)
M("h3", "stable_preference", "跑步 早上 运动 running", "用户喜欢早上跑步，通常沿着钱塘江跑5公里。", "A", "chat", 27)
M("h4", "short_term_preference", "跑步 早上 运动 游泳", "用户不再早上跑步了，膝盖受伤后改成晚上去游泳。", "A", "chat:C2", 2)
M("h5", "fact", "health exercise knee physio", "Lin has a mild meniscus strain in the left knee; physio twice a week until mid-December.", "A", "chat:C2", sens=2)
M("h6", "short_term_preference", "health exercise stretching desk", "Lin wants a nudge to stand up and stretch every 90 minutes at his desk.", "F", "chat", 45)
M("h7", "stable_preference", "sleep night notifications messaging", "Lin sleeps 23:30–07:00; no messages after 22:30 unless it's urgent.", "A", "user", 280, verified=True)
M("h8", "fact", "health doctor checkup cholesterol", "Annual check-up in September: LDL cholesterol slightly high, retest in March.", "F", "chat", 65)
M("h9", "episode", "kids leo fever tired", "Lin was tired today; Leo's fever kept everyone up last night.", "X", "background_ai", 50)
M("h10", "fact", "doctor health family", "Family doctor: Dr. Zhou at the Binjiang community health centre.", "W", "chat", 330)
M("hb1", "stable_preference", "hobby leisure go weiqi", "Lin plays Go (围棋) online on Fox Weiqi at about 3 dan.", "A", "chat", 420, imp=2.55)
M("hb2", "skill", "hobby skill guitar fingerstyle", "Lin plays acoustic guitar and is learning fingerstyle arrangements of Jay Chou songs.", "F", "chat", 260)
M("hb3", "fact", "reading book three-body sci-fi", "Lin is reading 'The Three-Body Problem' in English to compare it with the Chinese original.", "F", "chat", 25)
M("hb4", "fact", "reading book three-body dark-forest sci-fi", "Lin finished 'The Three-Body Problem' and started 'The Dark Forest'.", "A", "chat", 6)
M("hb5", "stable_preference", "reading sci-fi audiobooks commute", "Lin listens to hard sci-fi audiobooks and podcasts on the commute.", "W", "chat", 150)
M("hb6", "episode", "kids weekend mia lego", "Lin and Mia built the LEGO Saturn V over the weekend; it took nine hours.", "W", "background_ai", 40)
M("hb7", "skill", "hobby skill woodworking diy", "用户会做简单的木工，给孩子做过一个书架。", "F", "chat", 480)
M("hb8", "short_term_preference", "hobby leisure bouldering sunday", "Lin is into bouldering lately and goes to the climbing gym near Wulin Square on Sundays.", "A", "chat", 20)
M("hb9", "temporary", "weekend date-night movie jing", "Lin wants to watch 'Dune: Part Two' with Jing this Saturday.", "X", "chat", 250, imp=0.45)
M("hb10", "fact", "hobby leisure photography camera", "Lin shoots with a Fujifilm X100V and edits in Lightroom.", "W", "chat", 500, modal=["text", "image"])
M("l1", "skill", "japanese study jlpt exam", "Lin passed JLPT N4 in December 2025 and is aiming for N3 in July 2027.", "A", "chat", 330, verified=True)
M("l2", "temporary", "japanese duolingo practice", "Lin did a Duolingo Japanese lesson on the train this morning.", "X", "chat:C3", 45)
M("l3", "temporary", "japanese duolingo practice", "Lin finished the Duolingo Japanese unit on verbs at lunch.", "X", "chat:C3")
M("l4", "temporary", "japanese duolingo practice", "Lin practised Japanese on Duolingo again before bed; streak at 120 days.", "X", "chat:C3")
M("l5", "stable_preference", "japanese duolingo practice habit", "Lin practises Japanese on Duolingo almost every day (summary of three mentions in one day).", "A", "system", 44, conf=0.8)
M("l6", "stable_preference", "japanese study vocabulary kanji", "Explain new Japanese words with kanji, kana and a Chinese gloss, e.g. 勉強（べんきょう）= 学习。", "A", "user", 300)
M("l7", "fact", "languages english dialect parents", "英语是工作语言，和父母说杭州话。", "F", "chat", 380)
M("l8", "short_term_preference", "languages english speaking 口语", "这个月想练英语口语，每周两次和外教视频。", "A", "chat", 14)
M("x1", "fact", "car transport ev charging", "Lin drives a BYD Seal (electric) and charges at home overnight.", "F", "chat", 280)
M("x2", "temporary", "car transport garage didi", "The car is at the garage until Wednesday; use DiDi for the school pickups.", "X", "chat", 200, imp=0.42)
M("x3", "fact", "home household router wifi", "Home router: ASUS RT-AX58U, admin page at 192.168.50.1.", "W", "manual", 450)
M("x4", "temporary", "delivery order monitor jd", "Lin is waiting for a JD.com delivery (a 27-inch Dell monitor) this week.", "X", "chat", 80, imp=0.35)
M("x5", "fact", "mia school fees alipay", "Lin pays the kids' school fees by Alipay in late August each year.", "W", "chat", 440)
M("x6", "skill", "spreadsheets excel sheets", "Lin is comfortable with Excel pivot tables but prefers Google Sheets for sharing.", "X", "chat", 690)
M("x7", "pattern", "restaurant kids suggestions", "For restaurant suggestions, Lin wants places within 3 km of home, quiet enough for the kids.", "F", "chat", 200)
M("x8", "episode", "home household neighbours noise", "Lin mentioned the neighbours' renovation noise is driving him crazy on weekends.", "X", "background_ai", 130)
M("x9", "temporary", "home household property-fee 物业费", "记得周五之前交物业费。", "W", "chat", 25)
M("x10", "fact", "messaging notifications wechat slack", "WeChat is the family channel; Slack is only for work.", "W", "chat", 350)
M("x11", "lesson", "weekend work suggestions", "Don't suggest weekend work plans; Lin reacted badly the last time.", "F", "chat", 100)
M("x12", "episode", "chat renovation classes", "[{ts}] 聊了装修和孩子的兴趣班。", "W", "background_ai", 5)

# ---------------------------------------------------------------- relations between rows
NEGATIONS = [("q9", "q10"), ("f4", "f5"), ("e7", "e8"), ("qp1", "qp2")]  # (negated, correction)
MERGES = [(("l2", "l3", "l4"), "l5")]
COMPRESSIONS = [("tr1", "tr1s")]
EDITS = {"s3": "Lin's team standup is at 10:00 on weekdays in Tencent Meeting.",
         "f3": "Lin's son Leo was born in August 2022 and goes to Little Oak daycare near the old office.",
         "hb1": "Lin plays Go (围棋) online on Fox Weiqi at about 2 dan.",
         "w11": "The API client in recollector-web is generated from openapi.yaml with `pnpm gen:api`."}
MANUAL_LINKS = [("m5", "i4", 0.5), ("x7", "e6", 0.4), ("k2", "h7", 0.7), ("h4", "h5", 0.8), ("o2", "o3", 0.6), ("co1", "x11", 0.8),
                ("f7", "s6", 0.5), ("w1", "c1", 0.6), ("qp5", "cp7", 0.5), ("e3", "k1", 0.4)]
PLANTED = [("k1", "k2", "direct_contradiction"), ("h3", "h4", "direct_contradiction"),
           ("s2", "s1", "direct_contradiction"), ("w2", "w1", "direct_contradiction"),
           ("v1", "v2", "direct_contradiction"), ("o1", "o2", "temporal_shift"),
           ("w5", "w6", "temporal_shift"), ("g1", "w7", "scope_overlap"), ("g2", "g3", "scope_overlap")]
CONTROLS = [("o4", "o5"), ("hb3", "hb4"), ("t1", "t2"), ("v4", "v5"), ("l2", "l5")]
PINNED = {k for pair in PLANTED + CONTROLS + NEGATIONS + COMPRESSIONS for k in pair[:2]} | {"l2", "l5"}

# ---------------------------------------------------------------- helpers
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ENH_IMPORTANCE = {"identity": 1.5, "stable_preference": 1.3, "short_term_preference": 0.9, "fact": 1.1,
                  "skill": 1.2, "temporary": 0.8}
DEFAULT_IMPORTANCE = {"system": (3.5, 3.5), "core": (3.0, 3.4), "identity": (2.0, 2.4),
                      "stable_preference": (1.2, 2.2), "short_term_preference": (0.8, 1.4),
                      "fact": (0.9, 1.6), "skill": (1.0, 1.8), "temporary": (0.5, 0.9),
                      "episode": (0.5, 1.2), "pitfall": (1.2, 2.2)}
REINFORCE_MIX = {"task": [("task_success", 35), ("access", 35), ("association_hit", 20), ("task_failure", 10)],
                 "manual": [("manual", 40), ("access", 40), ("association_hit", 20)],
                 "system": [("manual", 40), ("access", 40), ("association_hit", 20)],
                 "other": [("access", 50), ("association_hit", 30), ("manual", 20)],
                 # long-lived, often-used memories: stability reaches hundreds to thousands of hours
                 "strong": [("task_success", 35), ("manual", 30), ("access", 30), ("association_hit", 5)]}
# Reinforcement counts tried first per tier (most believable first); the solver falls back to others.
N_PREFS = {"P": [10, 12, 11, 9, 8, 7], "A": [3, 2, 4, 5, 1, 6, 8, 0], "A-old": [6, 7, 5, 8, 4, 3], "F": [3, 2, 4, 1, 5, 0],
           "W": [2, 3, 1, 4, 0], "X": [0, 1, 2, 3]}


def iso(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def ulid(ms, rng):
    value = (ms << 80) | rng.getrandbits(80)
    return "".join(CROCKFORD[(value >> (5 * i)) & 31] for i in range(25, -1, -1))


def decay_rate(conf, reinforce_count, category):
    """docs/scoring.md, "Decay rate"."""
    rate = 1.0
    if conf >= 0.8:
        rate *= 0.7
    if reinforce_count >= 5:
        rate *= 0.8
    if category == "pitfall":
        rate *= 0.9
    return round(max(rate, 0.5), 4)


def strength_of(stability, rate, hours):
    return 100.0 * math.exp(-hours / (stability / rate))


def tier_of(strength_rounded, permanent):
    if permanent:
        return "permanent"
    if strength_rounded < 5:
        return "forgotten"
    if strength_rounded < 10:
        return "weak"
    if strength_rounded < 30:
        return "fading"
    return "active"


def jaccard(a, b):
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) if sa | sb else 0.0


def weighted(rng, mix):
    total = sum(w for _, w in mix)
    r = rng.uniform(0, total)
    for kind, w in mix:
        r -= w
        if r <= 0:
            return kind
    return mix[-1][0]


# ---------------------------------------------------------------- build
def assign_identity_and_time(rng):
    groups = {}
    id_rng = random.Random(SEED + 1)  # own stream: which rows get 8-hex ids and which mem_+ULID
    for m in MEMS:
        stype, _, group = m["src"].partition(":")
        m["stype"] = stype
        if group and group in groups:
            g = groups[group]
            g["count"] += 1
            m["created"] = g["base"] + g["count"] * rng.randint(4, 11) * 60_000
            m["source"] = dict(g["source"])
        else:
            age = m["age"]
            assert age is not None, m["key"]
            # Spread round ages (±6 %) so unrelated memories rarely share a day; planted and control
            # pairs keep tight dates because their 30-day spacing is part of the test.
            spread = 0.3 if m["key"] in PINNED else max(0.3, 0.06 * age)
            jitter = rng.uniform(-spread, spread) * DAY if age >= 2 else rng.uniform(-0.1, 0.1) * age * DAY
            m["created"] = int(NOW - age * DAY + jitter)
            src = {"type": m["stype"]}
            if m["stype"] == "task":
                src["taskId"] = f"task-{rng.getrandbits(24):06x}"
            elif m["stype"] == "chat":
                src["chatId"] = f"chat-{rng.getrandbits(24):06x}"
            m["source"] = src
            if group:
                groups[group] = {"base": m["created"], "count": 0, "source": dict(src)}
        if m["stype"] == "chat":
            m["source"]["messageId"] = f"msg-{rng.randint(10, 9999):04d}"
        m["created"] -= m["created"] % 1000 - rng.randint(0, 999)  # keep ms realistic, not .000
        m["id"] = f"{rng.getrandbits(32):08x}" if id_rng.random() < 0.5 else "mem_" + ulid(m["created"], rng)
        if "{ts}" in m["content"]:  # note 002 style episode stamp, Shanghai local time
            local = datetime.fromtimestamp(m["created"] / 1000, timezone(timedelta(hours=8)))
            m["content"] = m["content"].replace("{ts}", local.strftime("%Y-%m-%d %H:%M"))
    ids = [m["id"] for m in MEMS]
    assert len(set(ids)) == len(ids), "duplicate ids"


def assign_defaults(rng):
    for m in MEMS:
        if m["conf"] is None:
            lo, hi = {"task": (0.6, 0.92), "user": (0.9, 0.98), "manual": (0.95, 0.95), "system": (1.0, 1.0),
                      "background_ai": (0.5, 0.7)}.get(m["stype"], (0.5, 0.85))
            m["conf"] = round(rng.uniform(lo, hi), 2)
        if m["imp"] is None:
            lo, hi = DEFAULT_IMPORTANCE.get(m["cat"], (0.8, 1.8))
            m["imp"] = round(rng.uniform(lo, hi), 2)
        m["freeze"] = None  # no reinforcement after this instant (negated, merged, compressed)


def solve_reinforcement(m, rng):
    """Chooses reinforce events and the hours since the last one so the memory lands in its tier."""
    created, freeze = m["created"], m["freeze"]
    age_h = (NOW - created) / HOUR
    freeze_h = (NOW - freeze) / HOUR if freeze else 0.0
    s0 = 168.0 if m["stype"] == "manual" else 24.0
    lo_s, hi_s = BANDS[m["tier"]]
    old_active = m["tier"] == "A" and age_h > 120 * 24
    # Old memories that survived were used a lot: most carry a long, task-heavy history, so they
    # were last reinforced weeks or months ago rather than all in the last few days.
    strong = m["tier"] == "P" or old_active or (age_h > 60 * 24 and rng.random() < 0.6)
    mix = REINFORCE_MIX["strong" if strong else m["stype"] if m["stype"] in REINFORCE_MIX else "other"]
    base = N_PREFS["A-old" if old_active else m["tier"]]
    prefs = rng.sample(base[:3], 3) + base[3:] + [rng.randint(0, 9) for _ in range(20)]
    for n in prefs:
        if m["verified"] and n == 0:
            continue
        if n > 0 and (age_h - freeze_h) < n + 1:
            continue
        for _ in range(8):
            kinds = [weighted(rng, mix) for _ in range(n)]
            if m["verified"] and "manual" not in kinds:
                kinds[rng.randrange(n)] = "manual"
            s, steps = s0, []
            for i, kind in enumerate(kinds):
                before = {"stability": s, "decayRate": decay_rate(m["conf"], i, m["cat"])}
                s = round(min(s * MULT[kind], MAX_STABILITY), 3)
                steps.append((kind, before, {"stability": s, "decayRate": decay_rate(m["conf"], i + 1, m["cat"])}))
            rate = decay_rate(m["conf"], n, m["cat"])
            s_eff = s / rate
            h_lo, h_hi = -math.log(hi_s / 100) * s_eff, -math.log(lo_s / 100) * s_eff
            if m["tier"] == "X":
                h_hi = math.inf  # strength may reach 0: forgotten has no lower bound
            if n == 0:
                if h_lo <= age_h <= h_hi:
                    return s0, rate, [], age_h
                break
            lo, hi = max(h_lo, freeze_h + 0.5, 0.2), min(h_hi, age_h - n)
            if lo <= hi:
                return s, rate, steps, rng.uniform(lo, hi)
    raise SystemExit(f"no reinforcement history fits {m['key']} (tier {m['tier']}, age {age_h / 24:.1f} d)")


def build_memories(rng):
    by_key = {m["key"]: m for m in MEMS}
    for old, new in NEGATIONS:
        by_key[old]["freeze"] = by_key[new]["created"]
    for sources, merged in MERGES:
        for s in sources:
            by_key[s]["freeze"] = by_key[merged]["created"]
    for orig, summary in COMPRESSIONS:
        by_key[orig]["freeze"] = by_key[summary]["created"]
    events = []

    def ev(m, kind, actor, at, payload):
        events.append({"memoryId": m["id"], "kind": kind, "actor": actor, "at": int(at), "payload": payload})
        m["last_event"] = max(m.get("last_event", 0), int(at))

    for m in MEMS:
        stability, rate, steps, hours = solve_reinforcement(m, rng)
        last_reinforced = int(NOW - hours * HOUR) if steps else m["created"]
        creator = {"user": "user", "manual": "user", "system": "system"}.get(m["stype"], "assistant")
        ev(m, "create", creator, m["created"], {"category": m["cat"], "source": m["stype"],
                                                "stability": 168.0 if m["stype"] == "manual" else 24.0,
                                                "decayRate": decay_rate(m["conf"], 0, m["cat"])})
        times = sorted(rng.uniform(m["created"] + HOUR / 2, last_reinforced - HOUR / 2) for _ in steps[1:])
        times.append(last_reinforced)
        confirmed = False
        for at, (kind, before, after) in zip(times, steps):
            ev(m, "reinforce", "user" if kind == "manual" else "assistant", at,
               {"event": kind, "before": before, "after": after})
            if kind == "manual" and m["verified"] and not confirmed:
                ev(m, "confirm", "user", at + 1000, {"before": {"verified": False}, "after": {"verified": True}})
                confirmed = True
        access_times = [at for at, (kind, _, _) in zip(times, steps) if kind == "access"]
        extra = rng.randint(*{"P": (3, 34), "A": (0, 6), "F": (0, 2), "W": (0, 1), "X": (0, 1)}[m["tier"]])
        limit = m["freeze"] or NOW
        if extra:
            access_times.append(last_reinforced + rng.uniform(0, 0.3) * (limit - last_reinforced))
        m.update(stability=stability, rate=rate, last_reinforced=last_reinforced,
                 reinforce_count=len(steps), access_count=min(40, len(access_times) - (1 if extra else 0) + extra),
                 last_accessed=int(max(access_times)) if access_times else 0,
                 strength=round(strength_of(stability, rate, (NOW - last_reinforced) / HOUR)))
        if m["tier"] == "P":
            ev(m, "permanent", "user", m["created"] + rng.uniform(0.05, 0.5) * (NOW - m["created"]),
               {"before": {"permanent": False}, "after": {"permanent": True}})
        if m["key"] in EDITS:
            ev(m, "edit", "user", m["created"] + rng.uniform(0.2, 0.8) * (NOW - m["created"]),
               {"before": {"content": EDITS[m["key"]]}, "after": {"content": m["content"]}})

    for old, new in NEGATIONS:
        o, n = by_key[old], by_key[new]
        o["negated_at"] = n["created"] - 2000
        o["correction"] = [{"time": iso(o["negated_at"]), "reason": "user negation",
                            "newPreference": n["content"], "newId": n["id"]}]
        n["supersedes"] = o["id"]
        ev(o, "negate", "user", o["negated_at"], {"correction": n["content"], "reason": "user negation",
                                                  "newId": n["id"]})
    for sources, merged in MERGES:
        t = by_key[merged]
        t["merged_from"] = [by_key[s]["id"] for s in sources]
        t["original_contents"] = [by_key[s]["content"] for s in sources]
        t["level"] = "summary"
        for s in sources:
            by_key[s]["merged_into"], by_key[s]["level"] = t["id"], "archive"
            ev(by_key[s], "merge", "assistant", t["created"] - 1000,
               {"mergedInto": t["id"], "before": {"level": "full"}, "after": {"level": "archive"}})
        ev(t, "merge", "assistant", t["created"] + 1000, {"mergedFrom": t["merged_from"]})
    for orig, summary in COMPRESSIONS:
        o, s = by_key[orig], by_key[summary]
        s["compressed_from"], s["level"], o["level"] = o["id"], "summary", "archive"
        ev(o, "compress", "assistant", s["created"] - 1000,
           {"summaryId": s["id"], "before": {"level": "full"}, "after": {"level": "archive"}})
    return by_key, events


def memory_json(m):
    return {
        "id": m["id"], "content": m["content"], "category": m["cat"], "keywords": m["kw"], "source": m["source"],
        "confidence": m["conf"], "createdAt": iso(m["created"]), "updatedAt": iso(m["last_event"]),
        **({"lastAccessedAt": iso(m["last_accessed"])} if m["last_accessed"] else {}),
        "lastReinforcedAt": iso(m["last_reinforced"]), "accessCount": m["access_count"],
        "reinforceCount": m["reinforce_count"], **({"projectPath": PROJECTS[m["proj"]]} if m["proj"] else {}),
        "strength": m["strength"], "stability": m["stability"], "decayRate": m["rate"], "importance": m["imp"],
        "verified": m["verified"], "permanent": m["tier"] == "P", "negated": "negated_at" in m,
        **({"negatedAt": iso(m["negated_at"])} if "negated_at" in m else {}),
        "correctionHistory": m.get("correction", []), "level": m.get("level", "full"),
        "compressed": "compressed_from" in m,
        **({"compressedFrom": m["compressed_from"]} if "compressed_from" in m else {}),
        "mergedFrom": m.get("merged_from", []), **({"mergedInto": m["merged_into"]} if "merged_into" in m else {}),
        "sourceIds": m.get("merged_from", []), "originalContents": m.get("original_contents", []),
        "sensitivity": m["sens"], "modalities": m["modal"], "superseded": False,
        **({"supersedesId": m["supersedes"]} if "supersedes" in m else {}),
    }


# ---------------------------------------------------------------- associations (docs/scoring.md, "Associations")
def build_associations(by_key):
    best = {}

    def offer(x, y, weight, kind, at):
        a, b = sorted((x["id"], y["id"]))
        if (a, b) not in best or weight > best[(a, b)]["weight"]:
            best[(a, b)] = {"a": a, "b": b, "weight": round(weight, 4), "type": kind, "createdAt": iso(at)}

    for i, x in enumerate(MEMS):
        for y in MEMS[i + 1:]:
            at = max(x["created"], y["created"])
            j = jaccard(x["kw"], y["kw"])
            if j >= 0.3:
                offer(x, y, j, "keyword", at)
            if x["stype"] == y["stype"] == "task" and x["source"]["taskId"] == y["source"]["taskId"]:
                offer(x, y, 0.5, "co-task", at)
            dt_h = abs(x["created"] - y["created"]) / HOUR
            if dt_h < 24 and 0.3 * (1 - dt_h / 24) > 0.05:
                offer(x, y, 0.3 * (1 - dt_h / 24), "temporal", at)
            if x["proj"] and x["proj"] == y["proj"]:
                offer(x, y, 0.2, "co-project", at)
    for kx, ky, weight in MANUAL_LINKS:
        x, y = by_key[kx], by_key[ky]
        offer(x, y, weight, "manual", max(x["last_event"], y["last_event"]))
    return [best[k] for k in sorted(best)]


# ---------------------------------------------------------------- conflict re-detection (docs/scoring.md, "Detection")
# Several plausible cue lists, so a detector of any of these flavours finds exactly the planted pairs.
ZH_NARROW, ZH_BROAD = ["不", "没", "别", "不再"], ["不", "没", "别", "不再", "无", "未", "勿", "莫", "非", "甭"]
EN_NARROW = ["not", "no longer", "never", "don't", "doesn't"]
EN_BROAD = EN_NARROW + ["no", "isn't", "aren't", "wasn't", "won't", "can't", "cannot", "didn't", "shouldn't",
                        "without", "none", "nothing", "neither", "nor", "stopped", "quit"]


def _words(cues):
    return re.compile(r"(?<![\w'])(" + "|".join(re.escape(c) for c in cues) + r")(?![\w'])", re.I)


DETECTORS = {"narrow-words": (_words(EN_NARROW), ZH_NARROW), "broad-words": (_words(EN_BROAD), ZH_BROAD),
             "substring": (re.compile(r"not|never|n't|no longer", re.I), ZH_BROAD)}


def negative(text, detector):
    pattern, zh = DETECTORS[detector]
    return bool(pattern.search(text)) or any(c in text for c in zh)


def classify(x, y):
    """Per detector flavour: the conflict type a content-only detector would give the pair, or None."""
    out = set()
    for d in DETECTORS:
        if negative(x["content"], d) != negative(y["content"], d):
            out.add("direct_contradiction")
        elif (x["proj"] or "") != (y["proj"] or ""):
            out.add("scope_overlap")
        elif abs(x["created"] - y["created"]) >= 30 * DAY:
            out.add("temporal_shift")
        else:
            out.add(None)
    return out


def check_conflicts(by_key):
    planted = {frozenset((by_key[a]["id"], by_key[b]["id"])): kind for a, b, kind in PLANTED}
    candidates = []
    for i, x in enumerate(MEMS):
        for y in MEMS[i + 1:]:
            if jaccard(x["kw"], y["kw"]) >= 0.5:
                candidates.append((x, y))
    for x, y in candidates:
        kinds = classify(x, y)
        expected = planted.get(frozenset((x["id"], y["id"])))
        if kinds != {expected}:
            raise SystemExit(f"pair {x['key']}/{y['key']} (J={jaccard(x['kw'], y['kw']):.2f}) classifies as "
                             f"{kinds}, expected {expected}")
    for a, b, kind in PLANTED:
        x, y = by_key[a], by_key[b]
        assert x["created"] < y["created"], f"{a} must be the older one"
        assert jaccard(x["kw"], y["kw"]) >= (0.6 if kind == "direct_contradiction" else 0.5), (a, b)
        assert "negated_at" not in x and "negated_at" not in y
    for a, b in CONTROLS:
        assert jaccard(by_key[a]["kw"], by_key[b]["kw"]) >= 0.5 and classify(by_key[a], by_key[b]) == {None}, (a, b)
    return candidates


# ---------------------------------------------------------------- other profiles, for the printed summary only
def other_profile_tiers(m, by_key):
    """Approximate tiers under enhanced / importance / lifecycle (docs/scoring.md, "Score, strength, tier") to show each view has rows."""
    if m["tier"] == "P":
        return "permanent", "permanent", "permanent"
    reinforce_days = (NOW - m["last_reinforced"]) / DAY
    # enhanced: mentions approximated by reinforce events
    imp = ENH_IMPORTANCE.get(m["cat"], 1.1)
    w_time = 1 / (1 + 0.01 / imp * reinforce_days)
    s = 1 + 0.5 * math.exp(-0.05 * reinforce_days) if m["reinforce_count"] else 1.0
    c = 1 - 0.7 * math.exp(-0.01 * (NOW - m["negated_at"]) / DAY) if "negated_at" in m else 1.0
    recent = sum(1 for e in m["events"] if e["kind"] == "reinforce" and NOW - e["at"] <= 3 * DAY)
    w = min(2.0, max(0.01, w_time * s * c * imp * (1 + 0.3 * (1 - math.exp(-0.5 * recent)))))
    enhanced = "forgotten" if w < 0.01 else "weak" if w < 0.3 else "fading" if w < 0.5 else "active"
    # importance: I(d) = I0·f^max(0, floor(d) − 7), d = days since last access (else last reinforcement)
    d = (NOW - (m["last_accessed"] or m["last_reinforced"])) / DAY
    factor = {"episode": 0.8, "system": 1.0, "core": 1.0}.get(m["cat"], 0.95)
    score = m["imp"] if m["imp"] >= 3.0 else m["imp"] * factor ** max(0, math.floor(d) - 7)
    if m["cat"] == "episode" and d > 14:
        score = 0.0
    importance = "forgotten" if score < 0.3 else "weak" if score < 0.5 else "active"
    life = min(1.0, math.exp(-0.1 * reinforce_days) * (1 + 0.2 * m["access_count"]) * (1 + 0.3 * m["imp"]))
    lifecycle = "active" if life >= 0.7 else "fading" if life >= 0.3 else "weak" if life >= 0.1 else "forgotten"
    return enhanced, importance, lifecycle


# ---------------------------------------------------------------- independent check of the written file
ISO_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")
ID_RE = re.compile(r"^([0-9a-f]{8}|mem_[0-9A-HJKMNP-TV-Z]{26})$")


def ms_of(text):
    assert ISO_RE.match(text), text
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%f%z").timestamp() * 1000)


def verify(doc):
    """Re-reads the parsed document and checks every invariant the importer and profiles rely on."""
    assert doc["format"] == "recollector-memory-set" and doc["version"] == 1 and ms_of(doc["exportedAt"]) == NOW
    mems = {m["id"]: m for m in doc["memories"]}
    assert len(mems) == len(doc["memories"])
    history = defaultdict(list)
    for e in doc["events"]:
        assert e["memoryId"] in mems and e["actor"] in ("user", "assistant", "system"), e
        history[e["memoryId"]].append(dict(e, at=ms_of(e["at"])))
    for mid, m in mems.items():
        assert ID_RE.match(mid) and m["content"].strip() and "{ts}" not in m["content"], mid
        kws = m["keywords"]
        assert 3 <= len(kws) <= 6 and len(set(kws)) == len(kws), (mid, kws)
        assert all(k == k.strip().lower() and k for k in kws), kws
        created, reinforced = ms_of(m["createdAt"]), ms_of(m["lastReinforcedAt"])
        assert created <= reinforced <= ms_of(m["updatedAt"]) <= NOW, mid
        assert ms_of(m.get("lastAccessedAt", m["createdAt"])) <= NOW
        assert m["decayRate"] == decay_rate(m["confidence"], m["reinforceCount"], m["category"]), mid
        hours = (NOW - reinforced) / HOUR
        assert m["strength"] == round(strength_of(m["stability"], m["decayRate"], hours)), mid
        assert 0.3 <= m["importance"] <= 3.5 and 0 <= m["accessCount"] <= 40 and 0.5 <= m["decayRate"] <= 1.0
        ev = sorted(history[mid], key=lambda e: e["at"])
        assert ev[0]["kind"] == "create" and ev[0]["at"] == created, mid
        assert max(e["at"] for e in ev) == ms_of(m["updatedAt"]), mid
        steps = [e for e in ev if e["kind"] == "reinforce"]
        assert len(steps) == m["reinforceCount"], mid
        stability = ev[0]["payload"]["stability"]
        for e in steps:
            p = e["payload"]
            assert p["event"] in MULT and p["before"]["stability"] == stability, (mid, p)
            stability = round(min(stability * MULT[p["event"]], MAX_STABILITY), 3)
            assert p["after"]["stability"] == stability, (mid, p)
        assert stability == m["stability"], mid
        assert not steps or steps[-1]["at"] == reinforced, mid
        kinds = {e["kind"] for e in ev}
        assert m["verified"] == ("confirm" in kinds) and m["permanent"] == ("permanent" in kinds), mid
        assert m["negated"] == ("negate" in kinds) == bool(m["correctionHistory"]), mid
        for ref in m["mergedFrom"] + [m.get("mergedInto"), m.get("compressedFrom"), m.get("supersedesId")]:
            assert ref is None or ref in mems, (mid, ref)
    pairs = set()
    for a in doc["associations"]:
        assert a["a"] < a["b"] and a["a"] in mems and a["b"] in mems and (a["a"], a["b"]) not in pairs, a
        assert 0 < a["weight"] <= 1 and a["type"] in ("keyword", "co-task", "temporal", "co-project", "manual"), a
        pairs.add((a["a"], a["b"]))
    for c in doc["conflicts"]:
        assert c["a"] in mems and c["b"] in mems and c["status"] == "open", c
        assert ms_of(c["detectedAt"]) <= NOW


def main():
    rng = random.Random(SEED)
    assign_identity_and_time(rng)
    assign_defaults(rng)
    by_key, events = build_memories(rng)
    for m in MEMS:
        m["events"] = [e for e in events if e["memoryId"] == m["id"]]
    associations = build_associations(by_key)
    candidates = check_conflicts(by_key)
    stale = [k for pair in PLANTED + CONTROLS for k in pair[:2] if f"{k} {by_key[k]['id']}" not in __doc__]
    assert not stale, f"update the ids in the docstring for {stale}"
    conflicts = [{"a": by_key[a]["id"], "b": by_key[b]["id"], "type": kind, "status": "open",
                  "detectedAt": iso(by_key[b]["created"] + 60_000)} for a, b, kind in PLANTED]
    memories = sorted(MEMS, key=lambda m: m["created"])
    events.sort(key=lambda e: (e["at"], e["memoryId"]))
    doc = {"format": "recollector-memory-set", "version": 1, "exportedAt": iso(NOW), "profile": "ebbinghaus",
           "memories": [memory_json(m) for m in memories], "associations": associations,
           "events": [dict(e, at=iso(e["at"])) for e in events], "conflicts": conflicts}
    text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    parsed = json.loads(text)
    assert len(parsed["memories"]) == len(MEMS)
    verify(parsed)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    summarize(memories, by_key, associations, candidates, events, len(text.encode()))


def summarize(memories, by_key, associations, candidates, events, size):
    n = len(memories)
    print(f"wrote {OUT} ({size / 1024:.0f} KiB): {n} memories, {len(associations)} associations, "
          f"{len(events)} events, {len(PLANTED)} open conflicts")
    print("categories:", dict(sorted(Counter(m["cat"] for m in memories).items())))
    print("sources:", dict(Counter(m["stype"] for m in memories)))
    tiers = Counter(tier_of(m["strength"], m["tier"] == "P") for m in memories)
    assert all(tier_of(m["strength"], m["tier"] == "P") == {"P": "permanent", "A": "active", "F": "fading",
               "W": "weak", "X": "forgotten"}[m["tier"]] for m in memories)
    order = ["permanent", "active", "fading", "weak", "forgotten"]
    print("ebbinghaus tiers:", "  ".join(f"{t} {tiers[t]} ({100 * tiers[t] / n:.0f}%)" for t in order))
    others = [other_profile_tiers(m, by_key) for m in memories]
    for i, name in enumerate(["enhanced", "importance", "lifecycle"]):
        c = Counter(o[i] for o in others)
        print(f"{name} tiers (approx.):", "  ".join(f"{t} {c[t]}" for t in order if c[t]))
    chinese = sum(1 for m in memories if re.search(r"[\u4e00-\u9fff]", m["content"]))
    print(f"chinese content: {chinese} ({100 * chinese / n:.0f}%)  project-scoped: "
          f"{sum(1 for m in memories if m['proj'])}  verified: {sum(m['verified'] for m in memories)}  "
          f"negated: {len(NEGATIONS)}  sensitivity: {dict(Counter(m['sens'] for m in memories))}")
    print(f"ids: {sum(1 for m in memories if m['id'].startswith('mem_'))} mem_+ULID, "
          f"{sum(1 for m in memories if not m['id'].startswith('mem_'))} 8-hex")
    print(f"stability h: {min(m['stability'] for m in memories):.0f}..{max(m['stability'] for m in memories):.0f}"
          f"  decayRate: {min(m['rate'] for m in memories)}..{max(m['rate'] for m in memories)}"
          f"  importance: {min(m['imp'] for m in memories)}..{max(m['imp'] for m in memories)}"
          f"  accessCount: 0..{max(m['access_count'] for m in memories)}"
          f"  age d: {min((NOW - m['created']) / DAY for m in memories):.2f}..{max((NOW - m['created']) / DAY for m in memories):.0f}")
    print("importance ≥ 3.0:", sum(m["imp"] >= 3.0 for m in memories), " 2.5..3.0:",
          sum(2.5 <= m["imp"] < 3.0 for m in memories), " < 0.5:", sum(m["imp"] < 0.5 for m in memories))
    degree = Counter()
    for a in associations:
        degree[a["a"]] += 1
        degree[a["b"]] += 1
    degs = [degree[m["id"]] for m in memories]
    print("associations by type:", dict(Counter(a["type"] for a in associations)),
          f" degree: 0 links {degs.count(0)}, 1-8 links {sum(1 <= d <= 8 for d in degs)}, "
          f">8 links {sum(d > 8 for d in degs)}, max {max(degs)}")
    print(f"keyword-Jaccard ≥ 0.5 pairs: {len(candidates)} (planted {len(PLANTED)}, the rest controls)")
    for a, b, kind in PLANTED:
        print(f"  {kind:21} {a:>4} {by_key[a]['id']:30} {b:>4} {by_key[b]['id']}")
    for a, b in CONTROLS:
        print(f"  {'control':21} {a:>4} {by_key[a]['id']:30} {b:>4} {by_key[b]['id']}")


if __name__ == "__main__":
    sys.exit(main())

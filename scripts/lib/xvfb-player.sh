# Shared by the play-through scripts (sourced): a private Xvfb, and a person's stroke by mouse.

# Starts a private Xvfb of SIZE (WIDTHxHEIGHT) on a display picked at random from BASE up; sets
# $xvfb to its pid and exports DISPLAY and WGPU_BACKEND (the software Vulkan renderer).
start_xvfb() { # size base
  local display=":$(( (RANDOM % 200) + $2 ))"
  Xvfb "$display" -screen 0 "${1}x24" -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  sleep 2
  export DISPLAY="$display" WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
}

# The first window whose name contains TITLE (and that is not the window NOT), waiting up to 30
# seconds for it to open; printed. Fails if none opens.
find_window() { # title [not]
  local w
  for _ in $(seq 150); do
    w=$(xdotool search --name "$1" 2>/dev/null | grep -vx "${2:-none}" | head -1 || true)
    [ -n "$w" ] && { echo "$w"; return 0; }
    sleep 0.2
  done
  return 1
}

# The game's window (in $win once it opens), given the focus: keys go to the focused window,
# and without a window manager nothing else gives it. Exits, with the end of LOG, if no window
# opens.
focus_game() { # log
  win=$(find_window "Carrom") || { echo "the game's window did not open:"; tail -20 "$1"; exit 1; }
  xdotool windowfocus "$win" 2>/dev/null || true
}

# KEY pressed in the game's window ($win), the focus given to it first.
key_in_game() { # key
  xdotool windowfocus "$win" 2>/dev/null || true
  xdotool key "$1"
}

# The start of a play-through in one window: $carrom (CARROM, else the release build), $out
# (`$OUT`, else PNG in the build's target directory), a scratch directory $work (the game's data
# directory) removed at the exit, the game ($game) and the Xvfb stopped then, and a private
# 1280x960 Xvfb from display BASE up.
start_play_through() { # png base [carrom]
  carrom="${3:-${CARGO_TARGET_DIR:-target}/release/carrom}"
  out="${OUT:-${CARGO_TARGET_DIR:-target}/$1}"
  mkdir -p "$(dirname "$out")"
  work="$(mktemp -d)"
  trap 'kill $game $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
  start_xvfb 1280x960 "$2"
  export CARROM_CONFIG_DIR="$work"
}

# Where the game's log last put the striker ("striker at window (x, y)"), as "x y".
striker_at() { # log
  grep -o "striker at window ([0-9]*, [0-9]*)" "$1" | tail -1 |
    sed 's/[^0-9 ]//g; s/^ *//; s/  */ /g'
}

# With the pointer on the striker at (x, y): presses, pulls back in eight small moves of
# (sideways, down) pixels each, and lets go.
pull_back() { # x y sideways down
  xdotool mousedown 1
  for k in 1 2 3 4 5 6 7 8; do
    xdotool mousemove "$(( $1 + k * $3 ))" "$(( $2 + k * $4 ))"
    sleep 0.05
  done
  xdotool mouseup 1
}

# A stroke by mouse from where the game's LOG last put the striker: the pointer onto it, then
# pulled back (pull_back).
stroke_from_striker() { # log sideways down
  local x y
  read -r x y < <(striker_at "$1")
  xdotool mousemove "$x" "$y"
  sleep 0.2
  pull_back "$x" "$y" "$2" "$3"
}

# With the pointer on the striker at (x, y): presses on it, slides it sideways along the base
# line in eight small moves of DX pixels each (a little up and down as a hand does), and lets
# go: the striker is placed there, no stroke.
slide() { # x y dx
  xdotool mousedown 1
  for k in 1 2 3 4 5 6 7 8; do
    xdotool mousemove "$(( $1 + k * $3 ))" "$(( $2 + (k % 2) ))"
    sleep 0.05
  done
  xdotool mouseup 1
}

# Waits (up to 5 s) for the log to hold more than N lines of "striker at window"; 0 if so.
await_striker_line() { # log n
  for _ in $(seq 50); do
    [ "$(grep -c "striker at window" "$1" || true)" -gt "$2" ] && return 0
    sleep 0.1
  done
  return 1
}

# Slides the striker, from where the game's LOG last put it, 32 px along the base line and back,
# as a player places it: each slide must leave a new place in the log (the striker moved about
# as far as the mouse) and no ruling (nothing struck). Uses and updates the caller's $seen (the
# lines of "striker at window" read) and counts $slides; says why and returns 1 otherwise.
slide_and_back() { # log
  local x y sx dx verdicts
  read -r x y < <(striker_at "$1")
  xdotool mousemove "$x" "$y"
  sleep 0.2
  verdicts=$(grep -c "Law" "$1" || true)
  for dx in 4 -4; do
    slide "$(striker_at "$1" | cut -d' ' -f1)" "$y" "$dx"
    await_striker_line "$1" "$seen" || { echo "the slide left no new place in the log"; return 1; }
    seen=$(grep -c "striker at window" "$1")
    read -r sx _ < <(striker_at "$1")
    if [ "$dx" -gt 0 ]; then
      [ $(( sx - x )) -ge 20 ] && [ $(( sx - x )) -le 40 ] ||
        { echo "the slide moved the striker from $x to $sx"; return 1; }
    else
      [ $(( sx - x )) -ge -5 ] && [ $(( sx - x )) -le 5 ] ||
        { echo "the slide back left the striker at $sx, not $x"; return 1; }
    fi
    [ "$(grep -c "Law" "$1" || true)" -eq "$verdicts" ] || { echo "a slide struck"; return 1; }
    slides=$(( ${slides:-0} + 1 ))
    sleep 0.2
  done
}

# Plays your turns by mouse until the match summary is in the game's LOG (0), the game exits
# or DEADLINE (epoch seconds) passes (1, said why): each new "striker at window" line (your
# turn has settled) gets a soft stroke pulled back from the striker (with SLIDE, first a
# slide_and_back); anything else waiting (a due to place, a board's result) gets Enter. Counts
# your strokes in $strokes; uses $seen; needs $game (the game's pid).
play_until_summary() { # log deadline [slide]
  strokes=0
  seen=0
  while [ "$(date +%s)" -lt "$2" ]; do
    grep -q "Match summary" "$1" && return 0
    if ! kill -0 "$game" 2>/dev/null; then
      echo "the game exited:"; tail -20 "$1"; return 1
    fi
    local n
    n=$(grep -c "striker at window" "$1" || true)
    if [ "$n" -gt "$seen" ]; then
      seen=$n
      if [ -n "${3:-}" ]; then
        slide_and_back "$1" || { tail -5 "$1"; return 1; }
      fi
      # Pull back (down the screen, a little to one side) in small moves.
      stroke_from_striker "$1" "$(( (strokes % 3 - 1) * 2 ))" 9
      strokes=$(( strokes + 1 ))
      sleep 1
    else
      key_in_game Return
      sleep 1
    fi
  done
  echo "no summary by the deadline ($strokes strokes)"; tail -20 "$1"; return 1
}

# The game's log filter with its buttons logged ("buttons on screen: [...]" each time they
# change: `carrom_ui::buttons`), for a script that presses them.
export_button_log() {
  export RUST_LOG="info,carrom_ui::buttons=debug,wgpu=error,naga=warn,bevy_render=warn,bevy_winit=warn,winit=error,bevy_audio=error"
}

# Where the game's LOG last put the button labelled LABEL (the first so labelled, or the first
# whose label starts with it when PREFIX is given), its centre as "x y"; fails if none is.
button_at() { # log label [prefix]
  grep -a "buttons on screen: " "$1" | tail -1 | python3 -c '
import json, re, sys
line = re.sub(r"\x1b\[[0-9;]*m", "", sys.stdin.read())
buttons = json.loads(line.split("buttons on screen: ", 1)[1].strip() or "[]")
label, prefix = sys.argv[1], len(sys.argv) > 2
for b in buttons:
    if b["label"] == label or (prefix and b["label"].startswith(label)):
        print(round(b["x"] + b["w"] / 2), round(b["y"] + b["h"] / 2))
        sys.exit(0)
sys.exit(1)' "$2" ${3:+prefix}
}

# Clicks the button labelled LABEL where the game's LOG last put it (waiting up to 10 s for it
# to be on the screen); fails, saying so, if it never is.
press_button() { # log label [prefix]
  local x y
  for _ in $(seq 50); do
    if read -r x y < <(button_at "$@"); then
      xdotool mousemove "$x" "$y"
      sleep 0.2
      xdotool click 1
      presses=$(( ${presses:-0} + 1 ))
      sleep 0.5
      return 0
    fi
    sleep 0.2
  done
  echo "no button \"$2\" on the screen"; return 1
}

# Waits up to SECONDS for the game's LOG to hold more than N lines matching PATTERN; fails,
# with the log's end, if it does not.
await_more() { # log pattern n seconds what
  for _ in $(seq $(( $4 * 5 ))); do
    [ "$(grep -ac -- "$2" "$1" || true)" -gt "$3" ] && return 0
    sleep 0.2
  done
  echo "not within $4 s: $5"; tail -15 "$1"; return 1
}

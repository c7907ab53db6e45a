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

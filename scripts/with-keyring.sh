#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so the keychain
# tests talk to a real Secret Service instead of a fake. Elsewhere (macOS, Windows, a Linux
# without gnome-keyring) the command runs as is and the real-keychain tests are skipped.
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
  XDG_DATA_HOME=$(mktemp -d)
  export XDG_DATA_HOME
  exec dbus-run-session -- sh -c '
    printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    PERKPACK_KEYCHAIN_TESTS=1 exec "$@"' sh "$@"
fi
echo "with-keyring: no dbus-run-session or gnome-keyring-daemon; real-keychain tests are skipped" >&2
exec "$@"

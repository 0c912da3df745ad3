# Sourced by the check-*-declarations.sh scripts (one implementation of what they share): each compares a C
# wrapper's own declarations of a library with the library's real header, then proves the comparison is not blind
# by refusing copies of the wrapper with one wrong declaration each.

# declarations_setup TOOL HEADER PACKAGE: installs the Debian PACKAGE when HEADER is missing (for the check only:
# building and testing need no -dev package); sets `cc` (the Swift toolchain's clang) and `work` (a scratch
# folder, removed on exit).
declarations_setup() {
  local tool=$1 header=$2 package=$3
  if [ ! -f "$header" ]; then
    echo "$tool: installing $package (its header, for this check only)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "$package" >/dev/null
  fi
  cc="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
}

# refuse_mutant TOOL FOLDER CHECK FILE EDIT: a copy of the wrapper FOLDER with the sed EDIT applied to its FILE
# must fail CHECK (a function given the copy's folder). Exits 1 when EDIT no longer changes FILE (the script is
# out of date) or when CHECK passes the copy (the check is blind).
refuse_mutant() {
  local tool=$1 folder=$2 check=$3 file=$4 edit=$5
  rm -rf "$work/mutant"
  cp -r "$folder" "$work/mutant"
  sed -i "$edit" "$work/mutant/$file"
  if cmp -s "$folder/$file" "$work/mutant/$file"; then
    echo "$tool: the edit $edit no longer applies to $file: update the script" >&2
    exit 1
  fi
  if "$check" "$work/mutant" >"$work/mutant.log" 2>&1; then
    echo "$tool: blind: $check passes $file with $edit" >&2
    exit 1
  fi
}

#!/bin/sh
# galgen-shard.sh K N [galgen build options...]
#
# Shard K of N of a gallery's build, with the cache shared through an rclone remote (an S3
# bucket, R2, MinIO, ...): restores the last merged cache from the remote, renders this
# shard's photos and videos into the local cache (`galgen build --shard K/N`, which writes no
# site) and copies them back. Run it in the folder of gallery.yml, once per shard, on as many
# machines as there are shards (a CI matrix); when all have finished, galgen-merge.sh builds
# the site. README.md beside this script explains the set-up.
#
#   GALGEN_REMOTE  the shared cache as an rclone remote path, e.g. s3:my-bucket/galgen-cache
#   GALGEN         the galgen program (default: galgen)
#   GALGEN_CACHE   the local cache folder (default: .galgen-cache; use this, not --cache-dir)
#   RCLONE_*       rclone's own settings (remotes, --transfers, ...), as rclone reads them
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 K N [galgen build options...]   (shard K of N, 1 <= K <= N)" >&2
    exit 2
fi
: "${GALGEN_REMOTE:?is not set: set it to the shared cache as an rclone remote path, e.g. s3:my-bucket/galgen-cache}"
shard="$1/$2"
shift 2
galgen=${GALGEN:-galgen}
cache=${GALGEN_CACHE:-.galgen-cache}

# The last merged cache (nothing on the first run): what it holds is not rendered again.
# The lock and temporary files never travel; other shards' records are not needed here.
rclone copy "$GALGEN_REMOTE" "$cache" --exclude /lock --exclude '/transient/**' --exclude '/shards/**'

# Status 1: some items failed (galgen names them); the others are saved all the same, so a
# second run does only the failed ones. Other statuses leave nothing worth saving.
status=0
"$galgen" build --shard "$shard" --cache-dir "$cache" "$@" || status=$?

# Only what differs goes up: the new renditions and downloads, and this shard's records.
if [ "$status" -le 1 ]; then
    rclone copy "$cache" "$GALGEN_REMOTE" --exclude /lock --exclude '/transient/**'
fi
exit "$status"

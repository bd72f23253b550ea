#!/bin/sh
# galgen-merge.sh [galgen build options...]
#
# The merge after every galgen-shard.sh K N has finished: restores the shared cache (the last
# merged cache and every shard's files) from the rclone remote, builds the site with a plain
# `galgen build` (which decodes nothing: it takes every item from the shards' records, writes
# the site, folds the records into the cache's own and removes shards/), then makes the
# remote a copy of the local cache, which drops shards/ and what the build pruned.
# Run it in the folder of gallery.yml, on one machine; publish the site after it.
#
#   GALGEN_REMOTE  the shared cache as an rclone remote path, e.g. s3:my-bucket/galgen-cache
#   GALGEN         the galgen program (default: galgen)
#   GALGEN_CACHE   the local cache folder (default: .galgen-cache; use this, not --cache-dir)
#   RCLONE_*       rclone's own settings (remotes, --transfers, ...), as rclone reads them
set -eu

: "${GALGEN_REMOTE:?is not set: set it to the shared cache as an rclone remote path, e.g. s3:my-bucket/galgen-cache}"
galgen=${GALGEN:-galgen}
cache=${GALGEN_CACHE:-.galgen-cache}

rclone copy "$GALGEN_REMOTE" "$cache" --exclude /lock --exclude '/transient/**'

# Status 6: a shard's items are missing (galgen names the shards); nothing was written, and
# the remote keeps every shard's files, so run those shards again, then this script.
status=0
"$galgen" build --cache-dir "$cache" "$@" || status=$?

# sync, not copy: files the merge removed (shards/, pruned renditions) go from the remote too.
if [ "$status" -le 1 ]; then
    rclone sync "$cache" "$GALGEN_REMOTE" --exclude /lock --exclude '/transient/**'
fi
exit "$status"

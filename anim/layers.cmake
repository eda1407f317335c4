# The runtime's layers, lowest first, and the layers each one builds on
# directly. Each folder of anim/ is one layer and one static library,
# anim_<folder>, that links only the libraries named here; anim/CMakeLists.txt
# builds them and check_layer_includes.cmake fails the configure step when a
# file includes a header of a layer it does not build on.
set(ANIM_LAYERS core clips compression blending control ik retarget graph crowd matching offline)
# Math, transforms, the runtime's pose, the skeleton, model space and palette,
# the job messages and the thread-pool adapter.
set(ANIM_LAYER_DEPENDS_core "")
# Tracks, clips, their sampling job, the clock, events, morph-weight tracks
# and root motion.
set(ANIM_LAYER_DEPENDS_clips core)
# Compressed clips at run time: their form, sampler and job; and Playback,
# the one playing clip over a clip's raw or compressed form.
set(ANIM_LAYER_DEPENDS_compression clips)
# Two-pose and layered blends, masks, additive layers, mirroring and
# inertialization, with their jobs. On compression so that every layer
# above (the controllers, retargeting, the graph, the crowd) plays clips
# through Playback, raw or compressed.
set(ANIM_LAYER_DEPENDS_blending compression)
# Controllers over blends: cross-fades, the clip mixer, synchronised blends
# and blend spaces.
set(ANIM_LAYER_DEPENDS_control blending)
# Inverse kinematics and joint constraints: post-processing of a local pose.
set(ANIM_LAYER_DEPENDS_ik blending)
# Retargeting: joint mapping by rig naming, the per-frame retarget job with
# its IK pass, and baking a retargeted clip.
set(ANIM_LAYER_DEPENDS_retarget ik)
# Blend trees, state machines and layer stacks.
set(ANIM_LAYER_DEPENDS_graph control)
# Many characters at once over a thread pool.
set(ANIM_LAYER_DEPENDS_crowd graph)
# Motion matching: the features, the database and its searches, the
# trajectory spring, and the matcher that plays a character by them. On
# control for the one record of the poses shown, whose inertialization
# hides each switch. Databases are built offline (below) from clips.
set(ANIM_LAYER_DEPENDS_matching control)
# Offline: the compressed-clip builder (key reduction, the bit-rate search,
# the model-space error metric), baked retargeted clips, difference clips,
# a joint's lowest height over a clip, motion-matching databases built from
# clips, and Pose, the array-of-structs view of a pose for tools and tests.
# Not part of the per-frame runtime `anim`.
set(ANIM_LAYER_DEPENDS_offline compression retarget matching)

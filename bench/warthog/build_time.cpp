// Times how long Warthog takes to make a map ready for JPS (B+P) and JPS+ (B+P) search: the
// construction of the expansion policy that warthog-jps's own scenario runner builds for
// `--alg jps2` and `--alg jps2+`, from a map already loaded. For jps2+ that constructor builds
// the offline jump table; for both it builds the rotated copy of the map and the node pool.
//
// Built by run.sh against a Warthog build (headers and static libraries), never part of the
// workspace build. Prints one line: `jps2_build_ns N jps2+_build_ns M`.
//
// usage: build_time MAP.map

// <algorithm> first: jump_point_offline.h uses std::find_if without including it.
#include <algorithm>

#include <jps/jump/jump_point_offline.h>
#include <jps/jump/jump_point_online.h>
#include <jps/search/jps_prune_expansion_policy.h>
#include <warthog/domain/gridmap.h>

#include <chrono>
#include <cstdio>
#include <memory>

template<typename Policy>
long long
construct_ns(warthog::domain::gridmap& map)
{
	auto t = std::chrono::steady_clock::now();
	auto policy = std::make_unique<Policy>(&map);
	auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
	              std::chrono::steady_clock::now() - t)
	              .count();
	// keep the policy alive until the clock is read
	if(policy->get_num_successors() == 12345) std::puts("");
	return ns;
}

int
main(int argc, char** argv)
{
	if(argc != 2)
	{
		std::fprintf(stderr, "usage: build_time MAP.map\n");
		return 2;
	}
	warthog::domain::gridmap map(argv[1]);
	using namespace jps::search;
	long long online = construct_ns<
	    jps_prune_expansion_policy<jps::jump::jump_point_online>>(map);
	long long offline = construct_ns<
	    jps_prune_expansion_policy<jps::jump::jump_point_offline<>>>(map);
	std::printf("jps2_build_ns %lld jps2+_build_ns %lld\n", online, offline);
	return 0;
}

// The global transposes of libclFFT-mpi: the all-to-all exchange of element blocks (staged through
// host memory in chunks with MPI_Alltoallv, or on mapped device memory), the slab transposes built
// on it (forward: pack then exchange; backward: exchange then unpack), the slab transposes as one
// MPI_Alltoallw when every rank maps its buffers, and the pencil redistributions. Every exchange
// adds to the plan's traffic counters (bytes sent to other ranks, bytes kept on this one).
#include "mpi_internal.h"

namespace clfft_mpi {

// All-to-all of element blocks: to rank s go sc[s] elements from sd[s] of src, as rows of
// sLen[s] elements; from rank s come rc[s] elements to rd[s] of dst, as rows of rLen[s]. The
// sender's and the receiver's row counts of one block agree, so both split it into the same
// p.chunks pieces of whole rows. MPI_Alltoallv runs once per piece, the same number of times on
// every rank, after the checkpoint (Exec::checkpoint): a failure before it on any rank skips
// them on all ranks, an OpenCL error after it keeps making them. packChunk(k) is
// called before piece k is read and unpackChunk(k) after it is written (device work on the
// rows of piece k; either may be empty). The own block (s == me) is the caller's business.
//  - staged (devices with their own memory): per piece, pack, non-blocking device-to-host
//    reads (all pieces enqueued at once), MPI as soon as the piece's reads are done, then
//    non-blocking writes and unpack while the next piece is exchanged;
//  - mapped (CPU devices, host-unified memory): everything packed, both buffers mapped, MPI
//    reads and writes device memory in place, everything unpacked.
template <class Pack, class Unpack>
void Exec::exchange(cl_mem src, const std::vector<size_t>& sc, const std::vector<size_t>& sd,
                    const std::vector<size_t>& sLen, cl_mem dst, const std::vector<size_t>& rc,
                    const std::vector<size_t>& rd, const std::vector<size_t>& rLen, Pack packChunk, Unpack unpackChunk)
{
	const size_t P = size_t(p.P), me = size_t(p.me), K = p.chunks, es = p.es;
	// Piece k of a block of `count` elements in rows of `len`: whole rows [lo, hi) in elements.
	auto piece = [K](size_t count, size_t len, size_t k, size_t* lo, size_t* hi) {
		const size_t rows = len ? count / len : 0, step = (rows + K - 1) / K;
		*lo = std::min(rows, k * step) * len;
		*hi = std::min(rows, (k + 1) * step) * len;
	};
	size_t srcEnd = 0, dstEnd = 0;
	for (size_t s = 0; s < P; ++s) {
		if (s == me) continue;
		srcEnd = std::max(srcEnd, (sd[s] + sc[s]) * es);
		dstEnd = std::max(dstEnd, (rd[s] + rc[s]) * es);
	}
	// Allocated before anything is mapped (an exception here leaves nothing behind).
	std::vector<cl_event> ready(K, nullptr);
	std::vector<int> scount(P), sdisp(P), rcount(P), rdisp(P);
	char* sendBase = nullptr;
	char* recvBase = nullptr;
	if (p.direct && st == CLFFT_SUCCESS) {
		for (size_t k = 0; k < K; ++k) packChunk(k);
		cl_int err = CL_SUCCESS;
		if (srcEnd > 0 && st == CLFFT_SUCCESS) {
			sendBase = static_cast<char*>(clEnqueueMapBuffer(p.queue, src, CL_TRUE, CL_MAP_READ, 0, srcEnd, 0, nullptr,
			                                                 nullptr, &err));
			cl(err);
		}
		if (dstEnd > 0 && st == CLFFT_SUCCESS) {
			recvBase = static_cast<char*>(clEnqueueMapBuffer(p.queue, dst, CL_TRUE, CL_MAP_WRITE, 0, dstEnd, 0,
			                                                 nullptr, nullptr, &err));
			cl(err);
		}
	}
	const bool mapped = p.direct && st == CLFFT_SUCCESS;
	if (!p.direct && st == CLFFT_SUCCESS) {
		// Staging; also where MPI reads and writes after an OpenCL error past the checkpoint.
		p.hostSend.resize(p.alloc * es);
		p.hostRecv.resize(p.alloc * es);
	}
	for (size_t k = 0; k < K && !mapped && st == CLFFT_SUCCESS; ++k) {
		packChunk(k);
		for (size_t s = 0; s < P; ++s) {
			size_t lo, hi;
			piece(sc[s], sLen[s], k, &lo, &hi);
			if (s == me || hi == lo) continue;
			if (ready[k]) clReleaseEvent(ready[k]);
			ready[k] = nullptr;
			cl(clEnqueueReadBuffer(p.queue, src, CL_FALSE, (sd[s] + lo) * es, (hi - lo) * es,
			                       p.hostSend.data() + (sd[s] + lo) * es, 0, nullptr, &ready[k]));
		}
	}
	if (!mapped && st == CLFFT_SUCCESS) cl(clFlush(p.queue));
	// Nothing below allocates or throws: the ranks agree here, and on a failure anywhere none
	// of them makes this exchange's MPI calls.
	const bool go = checkpoint();
	for (size_t k = 0; k < K && go; ++k) {
		if (ready[k]) {
			if (st == CLFFT_SUCCESS) cl(clWaitForEvents(1, &ready[k]));
			clReleaseEvent(ready[k]);
			ready[k] = nullptr;
		}
		for (size_t s = 0; s < P; ++s) {
			size_t lo, hi;
			piece(sc[s], sLen[s], k, &lo, &hi);
			scount[s] = s == me ? 0 : int(hi - lo);
			sdisp[s] = int(sd[s] + lo);
			p.sent += size_t(scount[s]) * es;
			piece(rc[s], rLen[s], k, &lo, &hi);
			rcount[s] = s == me ? 0 : int(hi - lo);
			rdisp[s] = int(rd[s] + lo);
		}
		MPI_Alltoallv(mapped ? sendBase : p.hostSend.data(), scount.data(), sdisp.data(), p.elemType,
		              mapped ? recvBase : p.hostRecv.data(), rcount.data(), rdisp.data(), p.elemType, p.comm);
		for (size_t s = 0; s < P && !mapped && st == CLFFT_SUCCESS; ++s) {
			if (rcount[s] == 0) continue;
			const size_t off = size_t(rdisp[s]) * es;
			cl(clEnqueueWriteBuffer(p.queue, dst, CL_FALSE, off, size_t(rcount[s]) * es, p.hostRecv.data() + off, 0,
			                        nullptr, nullptr));
		}
		if (!mapped && st == CLFFT_SUCCESS) {
			unpackChunk(k);
			cl(clFlush(p.queue));
		}
	}
	for (cl_event& e : ready)
		if (e) clReleaseEvent(e);
	if (sendBase) cl(clEnqueueUnmapMemObject(p.queue, src, sendBase, 0, nullptr, nullptr));
	if (recvBase) cl(clEnqueueUnmapMemObject(p.queue, dst, recvBase, 0, nullptr, nullptr));
	if (mapped && go)
		for (size_t k = 0; k < K; ++k) unpackChunk(k);
	// The staging buffers are used again by the next exchange.
	if (!mapped && st == CLFFT_SUCCESS) cl(clFinish(p.queue));
}

// Pencil layout A -> layout B: each overlap of this rank's A box with another rank's B box is
// packed row-major into `packed` (H of them one after the other: the message holds transform 0's
// overlap, then transform 1's, ...), exchanged into `received`, and unpacked into dst. A layout
// holds its H transforms interleaved (aInter, bInter: element h of box index i at i H + h) or
// h-major (at h volume + i).
void Exec::redistribute(cl_mem src, const std::vector<Box>& A, bool aInter, cl_mem packed, cl_mem received, cl_mem dst,
                        const std::vector<Box>& B, bool bInter)
{
	const size_t P = size_t(p.P), me = size_t(p.me), H = p.H;
	// Element h of a box index: offset and stride multiplier in layout `box` (inter: interleaved).
	auto off = [H](const Box& box, bool inter, size_t h) { return inter ? h : h * box.volume(); };
	const size_t aMul = aInter ? H : 1, bMul = bInter ? H : 1;
	std::vector<size_t> sc(P, 0), sd(P, 0), rc(P, 0), rd(P, 0);
	size_t at = 0;
	for (size_t s = 0; s < P; ++s) {
		Box region;
		sd[s] = at;
		if (!intersect(A[me], B[s], region.lo, region.n)) continue;
		sc[s] = region.volume() * H;
		for (size_t h = 0; h < H; ++h)
			copyBox(src, A[me], off(A[me], aInter, h), aMul, packed, region, at + h * region.volume(), 1, region.lo,
			        region.n);
		at += sc[s];
	}
	at = 0;
	for (size_t s = 0; s < P; ++s) {
		Box region;
		rd[s] = at;
		if (intersect(A[s], B[me], region.lo, region.n)) rc[s] = region.volume() * H;
		at += rc[s];
	}
	// The own overlap waits in `received` with the others (received may be src: every pack
	// is enqueued before this copy).
	if (sc[me] > 0 && st == CLFFT_SUCCESS)
		cl(clEnqueueCopyBuffer(p.queue, packed, received, sd[me] * p.es, rd[me] * p.es, sc[me] * p.es, 0, nullptr,
		                       nullptr));
	p.kept += sc[me] * p.es;
	mark(1);
	const std::vector<size_t> ones(P, 1);
	exchange(packed, sc, sd, ones, received, rc, rd, ones, [](size_t) {}, [](size_t) {});
	mark(2);
	for (size_t s = 0; s < P; ++s) {
		Box region;
		if (rc[s] == 0 || !intersect(A[s], B[me], region.lo, region.n)) continue;
		for (size_t h = 0; h < H; ++h)
			copyBox(received, region, rd[s] + h * region.volume(), 1, dst, B[me], off(B[me], bInter, h), bMul,
			        region.lo, region.n);
	}
	mark(1);
}

// The slab transposes when every rank maps its buffers (p.directAll): MPI reads the slab's
// blocks (forward) or writes them (backward) in place through vector datatypes, so neither
// the pack nor the unpack kernel runs; the own block is one device copy. One MPI_Alltoallw
// per transpose on every rank. src and dst differ. The received layout's rows lie at
// p.rowPitch (padded, see finishLocal): another vector datatype on that side when it differs.
void Exec::directTranspose(bool forward, cl_mem src, cl_mem dst)
{
	const size_t P = size_t(p.P), me = size_t(p.me), N1 = p.N1, N2 = p.N2, a = p.ln0[me], b = p.ln1[me];
	const size_t es = p.es, R = p.rowPitch;
	// The own block: slab rows x own columns <-> received rows of this rank.
	if (forward)
		copy3(src, dst, N2, b, a, p.st1[me] * N2, N2, N1 * N2, p.st0[me] * R, N2, R);
	else
		copy3(src, dst, N2, b, a, p.st0[me] * R, N2, R, p.st1[me] * N2, N2, N1 * N2);
	p.kept += a * b * N2 * es;
	mark(1);
	const size_t slabBytes = a * N1 * N2 * es, recvBytes = p.N0 > 0 && b > 0 ? ((p.N0 - 1) * R + b * N2) * es : 0;
	const size_t srcBytes = forward ? slabBytes : recvBytes, dstBytes = forward ? recvBytes : slabBytes;
	// Allocated before anything is mapped or any datatype made (an exception here leaves
	// nothing behind).
	std::vector<int> scount(P, 0), sdisp(P, 0), rcount(P, 0), rdisp(P, 0);
	std::vector<MPI_Datatype> stype(P, p.elemType), rtype(P, p.elemType), made;
	made.reserve(2 * P);
	char* sendBase = nullptr;
	char* recvBase = nullptr;
	cl_int err = CL_SUCCESS;
	if (st == CLFFT_SUCCESS && srcBytes > 0) {
		sendBase = static_cast<char*>(
			clEnqueueMapBuffer(p.queue, src, CL_TRUE, CL_MAP_READ, 0, srcBytes, 0, nullptr, nullptr, &err));
		cl(err);
	}
	if (st == CLFFT_SUCCESS && dstBytes > 0) {
		recvBase = static_cast<char*>(
			clEnqueueMapBuffer(p.queue, dst, CL_TRUE, CL_MAP_WRITE, 0, dstBytes, 0, nullptr, nullptr, &err));
		cl(err);
	}
	for (size_t s = 0; s < P; ++s) {
		if (s == me) continue;
		// The slab side: a rows of ln1(s) * N2 elements at stride N1 * N2.
		MPI_Datatype slab = p.elemType;
		const size_t rowsOf = a, run = p.ln1[s] * N2;
		if (rowsOf > 0 && run > 0) {
			MPI_Type_vector(int(rowsOf), int(run), int(N1 * N2), p.elemType, &slab);
			MPI_Type_commit(&slab);
			made.push_back(slab);
		}
		const int slabCount = rowsOf > 0 && run > 0 ? 1 : 0, slabDisp = int(p.st1[s] * N2 * es);
		// The received side: ln0(s) rows of b * N2 elements from row st0(s), at pitch R
		// (contiguous when R = b N2).
		MPI_Datatype rows = p.elemType;
		int flatCount = int(p.ln0[s] * b * N2);
		const int flatDisp = int(p.st0[s] * R * es);
		if (R != b * N2 && flatCount > 0) {
			MPI_Type_vector(int(p.ln0[s]), int(b * N2), int(R), p.elemType, &rows);
			MPI_Type_commit(&rows);
			made.push_back(rows);
			flatCount = 1;
		}
		if (forward) {
			stype[s] = slab;
			scount[s] = slabCount;
			sdisp[s] = slabDisp;
			rtype[s] = rows;
			rcount[s] = flatCount;
			rdisp[s] = flatDisp;
			p.sent += rowsOf * run * es;
		} else {
			stype[s] = rows;
			scount[s] = flatCount;
			sdisp[s] = flatDisp;
			rtype[s] = slab;
			rcount[s] = slabCount;
			rdisp[s] = slabDisp;
			p.sent += p.ln0[s] * b * N2 * es;
		}
	}
	// The ranks agree before the one MPI call: after a failure anywhere (a map that failed, an
	// earlier step's error) none of them makes it.
	if (checkpoint())
		MPI_Alltoallw(sendBase, scount.data(), sdisp.data(), stype.data(), recvBase, rcount.data(), rdisp.data(),
		              rtype.data(), p.comm);
	for (MPI_Datatype& t : made) MPI_Type_free(&t);
	if (sendBase) cl(clEnqueueUnmapMemObject(p.queue, src, sendBase, 0, nullptr, nullptr));
	if (recvBase) cl(clEnqueueUnmapMemObject(p.queue, dst, recvBase, 0, nullptr, nullptr));
	mark(2);
}

// The packed exchanges below run only when some rank does not exchange through datatypes
// (!p.directAll), where the received layout is unpadded (p.rowPitch = local_n1 N2, finishLocal).
//
// Slab (local_n0 x N1 x N2) -> received layout (N0 x local_n1 x N2), through scratch. The
// own block is copied straight across; each other block s is packed (local_n0 rows of
// local_n1(s) N2 elements, contiguous) piece by piece just before its piece is read.
void Exec::forwardExchange(cl_mem src, cl_mem scratch, cl_mem dst)
{
	const size_t P = size_t(p.P), me = size_t(p.me), N1 = p.N1, N2 = p.N2, a = p.ln0[me], b = p.ln1[me];
	std::vector<size_t> sc(P), sd(P), sl(P), rc(P), rd(P), rl(P);
	for (size_t s = 0; s < P; ++s) {
		sc[s] = a * p.ln1[s] * N2;
		sd[s] = a * p.st1[s] * N2;
		sl[s] = p.ln1[s] * N2;
		rc[s] = p.ln0[s] * b * N2;
		rd[s] = p.st0[s] * b * N2;
		rl[s] = b * N2;
	}
	p.kept += sc[me] * p.es;
	auto pack = [&](size_t k) {
		size_t lo, hi;
		chunkRows(a, k, &lo, &hi);
		for (size_t s = 0; s < P; ++s)
			if (s != me)
				copy3(src, scratch, N2, p.ln1[s], hi - lo, lo * N1 * N2 + p.st1[s] * N2, N2, N1 * N2,
				      sd[s] + lo * p.ln1[s] * N2, N2, p.ln1[s] * N2);
	};
	if (dst != src) {
		// Packing piece k+1 overlaps the exchange of piece k; the own block goes straight across.
		copy3(src, dst, N2, b, a, p.st1[me] * N2, N2, N1 * N2, rd[me], N2, b * N2);
		mark(1);
		exchange(scratch, sc, sd, sl, dst, rc, rd, rl, pack, [](size_t) {});
	} else {
		// dst is src: everything is packed (the own block too) before anything lands in dst.
		for (size_t k = 0; k < p.chunks; ++k) pack(k);
		copy3(src, scratch, N2, b, a, p.st1[me] * N2, N2, N1 * N2, sd[me], N2, b * N2);
		if (sc[me] > 0 && st == CLFFT_SUCCESS)
			cl(clEnqueueCopyBuffer(p.queue, scratch, dst, sd[me] * p.es, rd[me] * p.es, sc[me] * p.es, 0, nullptr,
			                       nullptr));
		mark(1);
		exchange(scratch, sc, sd, sl, dst, rc, rd, rl, [](size_t) {}, [](size_t) {});
	}
	mark(2);
}

// Received layout -> slab: the send blocks are contiguous as they lie; what arrives goes to
// scratch and each piece is unpacked into dst as soon as it is written. The own block is
// copied straight across.
void Exec::backwardExchange(cl_mem src, cl_mem scratch, cl_mem dst)
{
	const size_t P = size_t(p.P), me = size_t(p.me), N1 = p.N1, N2 = p.N2, a = p.ln0[me], b = p.ln1[me];
	std::vector<size_t> sc(P), sd(P), sl(P), rc(P), rd(P), rl(P);
	for (size_t s = 0; s < P; ++s) {
		sc[s] = p.ln0[s] * b * N2;
		sd[s] = p.st0[s] * b * N2;
		sl[s] = b * N2;
		rc[s] = a * p.ln1[s] * N2;
		rd[s] = a * p.st1[s] * N2;
		rl[s] = p.ln1[s] * N2;
	}
	// The own block waits in scratch with the others (dst may be src: nothing is written
	// there before every read of src is enqueued).
	if (sc[me] > 0 && st == CLFFT_SUCCESS)
		cl(clEnqueueCopyBuffer(p.queue, src, scratch, sd[me] * p.es, rd[me] * p.es, sc[me] * p.es, 0, nullptr,
		                       nullptr));
	p.kept += sc[me] * p.es;
	auto unpack = [&](size_t k) {
		size_t lo, hi;
		chunkRows(a, k, &lo, &hi);
		for (size_t s = 0; s < P; ++s)
			copy3(scratch, dst, N2, p.ln1[s], hi - lo, rd[s] + lo * p.ln1[s] * N2, N2, p.ln1[s] * N2,
			      lo * N1 * N2 + p.st1[s] * N2, N2, N1 * N2);
	};
	mark(1);
	exchange(src, sc, sd, sl, scratch, rc, rd, rl, [](size_t) {}, unpack);
	mark(2);
}

} // namespace clfft_mpi

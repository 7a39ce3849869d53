// Who holds what: the block distributions of libclFFT-mpi. Slab plans split the first dimension
// of the array (and, for the transposed layout, the second) in FFTW-MPI's blocks; pencil plans
// split two dimensions over a rows x cols process grid. The local_size queries of clFFT-mpi.h
// and every plan's layouts come from here, so a client's allocation and a plan always agree.
#include "mpi_internal.h"

namespace clfft_mpi {

// The rank's share of an N0 x N1 x rest array in both layouts; false on size_t overflow.
bool distribution(size_t n0, size_t n1, size_t rest, size_t parts, size_t r, size_t* ln0, size_t* s0,
                  size_t* ln1, size_t* s1, size_t* alloc)
{
	if (mulOverflows(n0, n1) || mulOverflows(n0 * n1, rest)) return false;
	const size_t a = countOf(n0, parts, r), b = countOf(n1, parts, r);
	if (ln0) *ln0 = a;
	if (s0) *s0 = startOf(n0, parts, r);
	if (ln1) *ln1 = b;
	if (s1) *s1 = startOf(n1, parts, r);
	*alloc = std::max<size_t>({a * n1 * rest, b * n0 * rest, 1});
	return true;
}

clfftStatus commShape(MPI_Comm comm, int* size, int* rank)
{
	int init = 0, fin = 0;
	MPI_Initialized(&init);
	MPI_Finalized(&fin);
	if (!init || fin || comm == MPI_COMM_NULL) return CLFFT_INVALID_VALUE;
	if (MPI_Comm_size(comm, size) != MPI_SUCCESS || MPI_Comm_rank(comm, rank) != MPI_SUCCESS)
		return CLFFT_INVALID_VALUE;
	return CLFFT_SUCCESS;
}

clfftStatus localSize(int rank, const size_t* n, size_t howmany, MPI_Comm comm, size_t* ln0, size_t* s0,
                      size_t* ln1, size_t* s1, size_t* alloc)
{
	if (!alloc || !n) return CLFFT_INVALID_HOST_PTR;
	if (rank != 2 && rank != 3) return CLFFT_NOTIMPLEMENTED;
	for (int d = 0; d < rank; ++d)
		if (n[d] == 0) return CLFFT_INVALID_ARG_VALUE;
	if (howmany == 0) return CLFFT_INVALID_ARG_VALUE;
	int size = 0, me = 0;
	if (clfftStatus st = commShape(comm, &size, &me); st != CLFFT_SUCCESS) return st;
	const size_t rest = rank == 3 ? n[2] : 1;
	if (mulOverflows(rest, howmany)) return CLFFT_INVALID_ARG_VALUE;
	if (!distribution(n[0], n[1], rest * howmany, size_t(size), size_t(me), ln0, s0, ln1, s1, alloc))
		return CLFFT_INVALID_ARG_VALUE;
	return CLFFT_SUCCESS;
}

// The overlap of two boxes; false when empty.
bool intersect(const Box& a, const Box& b, size_t lo[3], size_t n[3])
{
	for (int d = 0; d < 3; ++d) {
		const size_t l = std::max(a.lo[d], b.lo[d]), h = std::min(a.lo[d] + a.n[d], b.lo[d] + b.n[d]);
		if (h <= l) return false;
		lo[d] = l;
		n[d] = h - l;
	}
	return true;
}

// The process grid of a pencil plan: rows x cols = P; rows = 0 picks the largest divisor of P
// not above its square root.
int pencilRows(int P, int rows)
{
	if (rows > 0) return rows;
	int r = 1;
	for (int d = 1; d * d <= P; ++d)
		if (P % d == 0) r = d;
	return r;
}

// The three pencil layouts of rank (r, c) for the complex array N: z (input of a forward plan:
// n0 over rows, n1 over cols, row-major), y (internal: n0 over rows, n2 over cols, stored
// n0 x n2 x n1) and x (output of a forward plan: n1 over rows, n2 over cols, row-major).
void pencilBoxes(const size_t N[3], size_t rows, size_t cols, size_t r, size_t c, Box* z, Box* y, Box* x)
{
	*z = Box{};
	z->lo[0] = startOf(N[0], rows, r);
	z->n[0] = countOf(N[0], rows, r);
	z->lo[1] = startOf(N[1], cols, c);
	z->n[1] = countOf(N[1], cols, c);
	z->n[2] = N[2];
	*y = Box{};
	y->lo[0] = z->lo[0];
	y->n[0] = z->n[0];
	y->n[1] = N[1];
	y->lo[2] = startOf(N[2], cols, c);
	y->n[2] = countOf(N[2], cols, c);
	y->order[1] = 2;
	y->order[2] = 1;
	*x = Box{};
	x->n[0] = N[0];
	x->lo[1] = startOf(N[1], rows, r);
	x->n[1] = countOf(N[1], rows, r);
	x->lo[2] = y->lo[2];
	x->n[2] = y->n[2];
}

size_t layoutBytes(const Plan& p, bool transposed)
{
	const size_t me = size_t(p.me);
	if (p.pencil) return (transposed ? p.xBox[me] : p.zBox[me]).volume() * p.H * p.es;
	return (transposed ? p.ln1[me] * p.N0 : p.ln0[me] * p.N1) * p.N2 * p.es;
}

} // namespace clfft_mpi
